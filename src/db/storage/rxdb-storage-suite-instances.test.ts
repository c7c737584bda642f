import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import {
  createRevision,
  getPseudoSchemaForVersion,
  randomToken,
  type EventBulk,
  type RxStorageChangeEvent,
  type RxStorageInstanceCreationParams,
} from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeOpened,
  eventually,
  mappedSuiteStorage,
  openInstance,
  prepared,
  suiteDoc,
  type SuiteDoc,
  type SuiteInstance,
} from '../testing/storage-suite';
import { getRxStorageMapped, writeLogName } from './mapped-storage';
import { WriteLog } from './write-log';

/**
 * RxDB's storage implementation tests, the lifecycle (.close(), .remove(), reopening) and several
 * instances (the suite's `multiInstance` and `migration` parts), restated for the mapped storage
 * ("Suite: <describe> › <it>"). Where the mapped storage differs on purpose, the test says so.
 */
afterEach(closeOpened);

const context = 'rxdb-storage-suite';
type Bulk = EventBulk<RxStorageChangeEvent<SuiteDoc>, unknown>;

async function logRecords(factory: IDBFactory, databaseName: string, stream: string): Promise<number> {
  const log = new WriteLog(writeLogName(databaseName), { indexedDB: factory, IDBKeyRange });
  try {
    return (await log.read(stream, 0)).length;
  } finally {
    log.close();
  }
}

describe('close() and remove()', () => {
  // Suite: .close() › closing multiple times should not error
  it('closes twice at once without an error', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    await Promise.all([instance.close(), instance.close()]);
  });

  // Suite: .remove() › should have deleted all data
  it('leaves nothing behind for an instance opened after remove()', async () => {
    const factory = new IDBFactory();
    const databaseName = randomToken(12);
    const collectionName = randomToken(12);
    const instance = await openInstance({ factory, databaseName, collectionName });
    await instance.bulkWrite([{ document: suiteDoc({ key: 'foobar' }) }], context);
    await instance.remove();
    expect(await logRecords(factory, databaseName, `${collectionName}--0`)).toBe(0);
    const again = await openInstance({ factory, databaseName, collectionName });
    expect(await again.findDocumentsById(['foobar'], true)).toEqual([]);
  });

  // Suite: .remove() › should throw on call to .remove() after .close()
  // Differs on purpose: remove() after close() deletes the records instead of throwing, because RxDB's
  // removal of a collection (or of a database) may reach an instance that is already closed.
  it('deletes the records on remove() after close() instead of throwing', async () => {
    const factory = new IDBFactory();
    const databaseName = randomToken(12);
    const collectionName = randomToken(12);
    const instance = await openInstance({ factory, databaseName, collectionName });
    await instance.bulkWrite([{ document: suiteDoc({ key: 'foobar' }) }], context);
    await instance.close();
    await expect(instance.remove()).resolves.toBeUndefined();
    expect(await logRecords(factory, databaseName, `${collectionName}--0`)).toBe(0);
  });

  // Suite: .remove() › should NOT throw on call to .close() after .remove()
  it('closes without an error after remove()', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    await instance.remove();
    await expect(instance.close()).resolves.toBeUndefined();
  });

  // Ours: a write to a closed instance fails loudly rather than being lost.
  it('rejects a write after close()', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    await instance.close();
    await expect(instance.bulkWrite([{ document: suiteDoc() }], context)).rejects.toThrow(/closed/);
  });

  // Ours (the suite's storages persist by nature; ours persists through the write log): a reopen.
  it('gives a reopened instance the same documents, tombstones and revisions', async () => {
    const factory = new IDBFactory();
    const databaseName = randomToken(12);
    const collectionName = randomToken(12);
    const instance = await openInstance({ factory, databaseName, collectionName });
    const kept = suiteDoc({ key: 'kept' });
    const gone = suiteDoc({ key: 'gone' });
    await instance.bulkWrite([{ document: kept }, { document: gone }], context);
    const updated = { ...kept, value: 'changed', _rev: createRevision(randomToken(10), kept) };
    await instance.bulkWrite([{ previous: kept, document: updated }], context);
    await instance.bulkWrite(
      [{ previous: gone, document: { ...gone, _deleted: true, _rev: createRevision(randomToken(10), gone) } }],
      context,
    );
    const before = await instance.findDocumentsById(['kept', 'gone'], true);
    await instance.close();
    const again = await openInstance({ factory, databaseName, collectionName });
    expect(await again.findDocumentsById(['kept', 'gone'], true)).toEqual(before);
    // A stale write is still a conflict after the reopen.
    const stale = await again.bulkWrite([{ previous: kept, document: { ...kept, value: 'stale', _rev: '2-stale' } }], context);
    expect(stale.error.map((error) => error.status)).toEqual([409]);
  });
});

describe('two instances of one database and collection (multiInstance)', () => {
  /** The suite's pair: `a` opened first, both read once so their setup has finished. */
  async function pair(): Promise<{ a: SuiteInstance; b: SuiteInstance; factory: IDBFactory }> {
    const factory = new IDBFactory();
    const databaseName = randomToken(12);
    const collectionName = randomToken(12);
    const a = await openInstance({ factory, databaseName, collectionName, multiInstance: true });
    const b = await openInstance({ factory, databaseName, collectionName, multiInstance: true });
    await a.findDocumentsById(['foobar'], true);
    await b.findDocumentsById(['foobar'], true);
    return { a, b, factory };
  }

  // Suite: multiInstance › should update the state on the other instance
  it('shows each instance the other one’s insert', async () => {
    const { a, b } = await pair();
    await a.bulkWrite([{ document: suiteDoc({ key: 'a' }) }], context);
    await b.bulkWrite([{ document: suiteDoc({ key: 'b' }) }], context);
    await eventually(async () => (await a.findDocumentsById(['a', 'b'], true)).length === 2);
    await eventually(async () => (await b.findDocumentsById(['a', 'b'], true)).length === 2);
  });

  // Suite: multiInstance › should be able to write and read documents
  it('lets B query and update what A inserted, with INSERT then UPDATE on both sides', async () => {
    const { a, b } = await pair();
    const emittedA: Bulk[] = [];
    const emittedB: Bulk[] = [];
    a.changeStream().subscribe((bulk) => emittedA.push(bulk));
    b.changeStream().subscribe((bulk) => emittedB.push(bulk));
    const doc = suiteDoc();
    await a.bulkWrite([{ document: doc }], context);
    const query = prepared(b, { limit: 1 });
    await eventually(async () => (await b.query(query)).documents.length === 1);
    const found = (await b.query(query)).documents[0]!;
    const updated = { ...found, value: 'updatedB', _rev: createRevision(randomToken(10), found) };
    expect((await b.bulkWrite([{ previous: found, document: updated }], context)).error).toEqual([]);
    await eventually(async () => (await a.query(query)).documents[0]?.value === 'updatedB');
    await eventually(() => emittedA.length === 2 && emittedB.length === 2);
    for (const emitted of [emittedA, emittedB]) expect(emitted.map((bulk) => bulk.events[0]!.operation)).toEqual(['INSERT', 'UPDATE']);
  });

  // Suite: multiInstance › should be able to finish a query even when the leading instance gets closed
  it('finishes a query on B while A closes', async () => {
    const { a, b } = await pair();
    await a.bulkWrite([{ document: suiteDoc() }], context);
    const query = prepared(b, { limit: 1 });
    const running = b.query(query);
    void a.close();
    await expect(running).resolves.toBeDefined();
    await b.remove();
  });

  // Suite: multiInstance › should emit events from one instance to the other
  it('emits A’s write as a change event on B', async () => {
    const { a, b } = await pair();
    const emittedB: Bulk[] = [];
    const subscription = b.changeStream().subscribe((bulk) => emittedB.push(bulk));
    const doc = suiteDoc();
    await a.bulkWrite([{ document: doc }], context);
    await eventually(() => emittedB.length > 0);
    expect(emittedB[0]!.events[0]!.documentId).toBe(doc.key);
    subscription.unsubscribe();
  });

  // Ours: the one-insert rule holds across instances too (the suite checks it within one instance).
  it('lets only one of two instances insert one key', async () => {
    const { a, b } = await pair();
    const [fromA, fromB] = await Promise.all([
      a.bulkWrite([{ document: suiteDoc({ key: 'same', value: 'a' }) }], context),
      b.bulkWrite([{ document: suiteDoc({ key: 'same', value: 'b' }) }], context),
    ]);
    expect([...fromA.error, ...fromB.error].map((error) => error.status)).toEqual([409]);
    const winner = fromA.error.length === 0 ? 'a' : 'b';
    await eventually(async () => (await a.findDocumentsById(['same'], false))[0]?.value === winner);
    await eventually(async () => (await b.findDocumentsById(['same'], false))[0]?.value === winner);
  });
});

describe('separation', () => {
  // Suite: multiInstance › should not mix up documents stored with different schema versions;
  // Suite: migration › documents that are stored on different schema versions, should not interfere
  it('keeps the documents of two schema versions of one collection apart', async () => {
    const factory = new IDBFactory();
    const databaseName = randomToken(12);
    const collectionName = randomToken(12);
    const zero = await openInstance({ factory, databaseName, collectionName });
    const one = await openInstance({ factory, databaseName, collectionName, schema: getPseudoSchemaForVersion<SuiteDoc>(1, 'key') });
    expect((await zero.bulkWrite([{ document: suiteDoc({ value: 'zero' }) }], context)).error).toEqual([]);
    expect((await one.bulkWrite([{ document: suiteDoc({ value: 'one' }) }], context)).error).toEqual([]);
    expect((await zero.query(prepared(zero, {}))).documents.map((doc) => doc.value)).toEqual(['zero']);
    expect((await one.query(prepared(one, {}))).documents.map((doc) => doc.value)).toEqual(['one']);
  });

  // Suite: multiInstance › should not mix up documents stored in a different database name
  it('keeps the documents of one collection name in two databases apart', async () => {
    const factory = new IDBFactory();
    const first = await openInstance({ factory, collectionName: 'aaaaa' });
    expect((await first.bulkWrite([{ document: suiteDoc({ key: 'foobar0' }) }], context)).error).toEqual([]);
    await first.close();
    const second = await openInstance({ factory, collectionName: 'aaaaa' });
    expect((await second.query(prepared(second, {}))).documents).toEqual([]);
  });
});

describe('what the mapped storage refuses on purpose', () => {
  const params = (
    schema: RxStorageInstanceCreationParams<SuiteDoc, unknown>['schema'],
  ): RxStorageInstanceCreationParams<SuiteDoc, unknown> => ({
    databaseInstanceToken: randomToken(10),
    databaseName: randomToken(12),
    collectionName: randomToken(12),
    schema,
    options: {},
    multiInstance: false,
    devMode: true,
  });

  // Suite: attachments (all four cases; the suite skips them for a storage without attachments)
  it('refuses a schema with attachments when it opens, naming the reason', async () => {
    const schema = { ...getPseudoSchemaForVersion<SuiteDoc>(0, 'key'), attachments: {} };
    await expect(mappedSuiteStorage(new IDBFactory()).createStorageInstance(params(schema))).rejects.toThrow(/cannot have attachments/);
  });

  // Suite: .getChangedDocumentsSince() (the storage has no method of its own; RxDB's helper queries instead)
  it('has no getChangedDocumentsSince() of its own', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    expect(instance.getChangedDocumentsSince).toBeUndefined();
  });
});

describe('the `mapped` option', () => {
  it('takes a list of names or a test of the name; the other collections go to the persistent storage', async () => {
    const factory = new IDBFactory();
    const schema = getPseudoSchemaForVersion<SuiteDoc>(0, 'key');
    const open = async (mapped: readonly string[] | ((name: string) => boolean), collectionName: string): Promise<unknown> => {
      const storage = getRxStorageMapped({ persistent: getRxStorageMemory(), mapped, indexedDB: factory, IDBKeyRange });
      const instance = await storage.createStorageInstance<SuiteDoc>({
        databaseInstanceToken: randomToken(10),
        databaseName: 'option',
        collectionName,
        schema,
        options: {},
        multiInstance: false,
        devMode: true,
      });
      const internals: unknown = await instance.internals;
      await instance.close();
      return (internals as { mapped?: unknown } | null)?.mapped === true;
    };
    expect(await open(['products'], 'products')).toBe(true);
    expect(await open(['products'], 'orders')).toBe(false);
    expect(await open((name) => name.startsWith('p'), 'prices')).toBe(true);
    expect(await open((name) => name.startsWith('p'), 'orders')).toBe(false);
  });
});
