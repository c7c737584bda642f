import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { RxStorage } from 'rxdb';
import { getAppStorage, type CatalogStorage } from '../database';

/**
 * The app's storage (Dexie plus the mapped catalogue) over an in-memory IndexedDB for tests. Pass the
 * same factory twice to reopen a database with its data (persistence); use a fresh one per test so tests
 * never share data.
 */
export function fakeAppStorage(factory: IDBFactory = new IDBFactory(), catalog?: CatalogStorage): RxStorage<unknown, unknown> {
  // A long log is compacted as soon as it opens: tests see the compaction without waiting for it.
  return getAppStorage({ indexedDB: factory, IDBKeyRange }, catalog, 0);
}
