import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import {
  getPseudoSchemaForVersion,
  now,
  prepareQuery,
  randomToken,
  type FilledMangoQuery,
  type PreparedQuery,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorage,
  type RxStorageInstance,
} from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { getRxStorageMapped } from '../storage/mapped-storage';

/**
 * Test support for src/db/storage/rxdb-storage-suite*.test.ts: the mapped storage with every collection
 * mapped, over an in-memory IndexedDB, and instances opened the way RxDB's storage tests open them (random
 * database and collection names, RxDB's pseudo schema with primary key `key`).
 */
export interface SuiteDoc {
  key: string;
  value: string;
}

export type SuiteInstance<T = SuiteDoc> = RxStorageInstance<T, unknown, unknown>;

/** Every collection mapped: the persistent storage is never asked, whatever the collection's name. */
export function mappedSuiteStorage(factory: IDBFactory): RxStorage<unknown, unknown> {
  return getRxStorageMapped({ persistent: getRxStorageMemory(), mapped: () => true, indexedDB: factory, IDBKeyRange });
}

export interface OpenOptions<T> {
  factory: IDBFactory;
  databaseName?: string;
  collectionName?: string;
  schema?: RxJsonSchema<RxDocumentData<T>>;
  multiInstance?: boolean;
}

/** Instances and logs a test opened; the caller closes them after each test (close() may run twice). */
export const opened: Array<{ close(): Promise<unknown> }> = [];

export async function openInstance<T = SuiteDoc>(options: OpenOptions<T>): Promise<SuiteInstance<T>> {
  const instance = await mappedSuiteStorage(options.factory).createStorageInstance<T>({
    databaseInstanceToken: randomToken(10),
    databaseName: options.databaseName ?? randomToken(12),
    collectionName: options.collectionName ?? randomToken(12),
    schema: options.schema ?? getPseudoSchemaForVersion<T>(0, 'key' as never),
    options: {},
    multiInstance: options.multiInstance ?? false,
    devMode: true,
  });
  opened.push(instance);
  return instance as SuiteInstance<T>;
}

export async function closeOpened(): Promise<void> {
  for (const item of opened.splice(0).reverse()) await item.close();
}

/** A revision of the given height (RxDB's `<height>-<hash>` form). */
export function rev(height: number, hash = 'abcdef'): string {
  return `${height}-${hash}`;
}

/** A stored document of SuiteDoc; a random key unless given. */
export function suiteDoc(overrides: Partial<RxDocumentData<SuiteDoc>> = {}): RxDocumentData<SuiteDoc> {
  return { key: randomToken(10), value: 'barfoo', _deleted: false, _attachments: {}, _meta: { lwt: now() }, _rev: rev(1), ...overrides };
}

/** The next version of `doc`: one revision higher, a fresh lwt, the changes applied. */
export function nextVersion<T>(doc: RxDocumentData<T>, changes: Partial<RxDocumentData<T>> = {}): RxDocumentData<T> {
  const height = Number(doc._rev.split('-')[0]) + 1;
  return { ...doc, _rev: rev(height), _meta: { ...doc._meta, lwt: now() }, ...changes };
}

/** RxDB's prepareQuery over the instance's schema; `skip: 0` unless given, as RxDB fills it. */
export function prepared<T>(instance: SuiteInstance<T>, query: Partial<FilledMangoQuery<T>>): PreparedQuery<T> {
  return prepareQuery(instance.schema, { selector: {}, sort: [{ key: 'asc' } as never], skip: 0, ...query } as FilledMangoQuery<T>);
}

/** Waits until `check` holds (another instance's write arrives through a BroadcastChannel message). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
