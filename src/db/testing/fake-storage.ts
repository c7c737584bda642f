import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';

/**
 * Dexie storage over an in-memory IndexedDB for tests. Pass the same factory twice to reopen a
 * database with its data (persistence); use a fresh one per test so tests never share data.
 */
export function fakeDexieStorage(factory: IDBFactory = new IDBFactory()): RxStorage<unknown, unknown> {
  return getRxStorageDexie({ indexedDB: factory, IDBKeyRange });
}
