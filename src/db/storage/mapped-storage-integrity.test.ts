import { readFileSync } from 'node:fs';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import {
  fillWithDefaultSettings,
  normalizeMangoQuery,
  prepareQuery,
  RXDB_VERSION,
  type MangoQuery,
  type RxDocumentData,
  type RxStorageInstance,
} from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, describe, expect, it } from 'vitest';
import { productSchema, type ProductDoc } from '../schema/products';
import { makeProduct } from '../testing/documents';
import { COMPACT_AFTER_RECORDS, getRxStorageMapped, writeLogName, type MappedStorageInternals } from './mapped-storage';
import { decodeDocuments, streamName } from './document-columns';
import { WriteLog } from './write-log';

/**
 * What the write log must never do: lose attachment data, keep tombstones for ever, let a clock decide
 * which version survives, or let two tabs insert one document. Each of these tests failed before the
 * storage ordered by commit and checked and appended in one transaction.
 */
const open: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

const schema = fillWithDefaultSettings(productSchema);
type Tab = RxStorageInstance<ProductDoc, unknown, unknown>;

function stored(sku: string, lwt: number, rev: string, name = sku): RxDocumentData<ProductDoc> {
  return { ...makeProduct({ sku, name }), _deleted: false, _attachments: {}, _meta: { lwt }, _rev: rev };
}

async function tab(factory: IDBFactory, token: string, multiInstance = false, withSchema: object = schema): Promise<Tab> {
  const storage = getRxStorageMapped({ persistent: getRxStorageMemory(), mapped: ['products'], indexedDB: factory, IDBKeyRange });
  const created = await storage.createStorageInstance<ProductDoc>({
    databaseInstanceToken: token,
    databaseName: 'integrity',
    collectionName: 'products',
    schema: withSchema as typeof schema,
    options: {},
    multiInstance,
    devMode: false,
  });
  open.push(created);
  return created;
}

async function closeTab(instance: Tab): Promise<void> {
  open.splice(open.indexOf(instance), 1);
  await instance.close();
}

function logOf(factory: IDBFactory): WriteLog {
  const log = new WriteLog(writeLogName('integrity'), { indexedDB: factory, IDBKeyRange });
  open.push({ close: async () => log.close() });
  return log;
}

const catchUp = (instance: Tab): Promise<void> => (instance.internals as MappedStorageInternals<ProductDoc>).catchUp();

/** Writes `count` more versions of a filler document, so the next open compacts the log. */
async function pad(instance: Tab, count = COMPACT_AFTER_RECORDS + 1): Promise<void> {
  let previous: RxDocumentData<ProductDoc> | undefined;
  for (let i = 1; i <= count; i += 1) {
    const next = { ...stored('FILL', i, `${i}-f`), qty: i };
    await instance.bulkWrite([{ previous, document: next }], 'test');
    previous = next;
  }
}

describe('the mapped storage keeps what it was given', () => {
  it('refuses a collection with attachments instead of losing their data on the next load', async () => {
    const withAttachments = { ...schema, attachments: {} };
    await expect(tab(new IDBFactory(), 'a', false, withAttachments)).rejects.toThrow(/attachments/);
  });

  it('keeps the version written last, even when the device clock stepped back between the two writes', async () => {
    const factory = new IDBFactory();
    const writer = await tab(factory, 'writer');
    const other = await tab(factory, 'other');
    const first = stored('A', 2_000, '1-a', 'old price');
    await writer.bulkWrite([{ document: first }], 'test');
    await writer.bulkWrite([{ previous: first, document: stored('A', 1_000, '2-b', 'new price') }], 'test');

    await catchUp(other);
    expect((await other.findDocumentsById(['A'], false))[0]?.name).toBe('new price');
    await closeTab(writer);
    const reloaded = await tab(factory, 'reloaded');
    expect((await reloaded.findDocumentsById(['A'], false))[0]?.name).toBe('new price');
  });

  it('lets only one of two tabs insert the same new document; both then hold the one that won', async () => {
    const factory = new IDBFactory();
    const left = await tab(factory, 'left');
    const right = await tab(factory, 'right');
    const results = await Promise.all([
      left.bulkWrite([{ document: stored('N', 1, '1-l', 'left') }], 'test'),
      right.bulkWrite([{ document: stored('N', 1, '1-r', 'right') }], 'test'),
    ]);
    const errors = results.flatMap((result) => result.error);
    expect(errors.map((error) => [error.documentId, error.status])).toEqual([['N', 409]]);
    await catchUp(left);
    await catchUp(right);
    const [l] = await left.findDocumentsById(['N'], false);
    const [r] = await right.findDocumentsById(['N'], false);
    expect(l?.name).toBe(r?.name);
    expect((await logOf(factory).read(streamName('products', 0), 0)).length).toBe(1);
  });

  it('drops tombstones when it compacts; a tab that had the document still sees it removed', async () => {
    const factory = new IDBFactory();
    const writer = await tab(factory, 'writer');
    const a = stored('A', 1, '1-a');
    await writer.bulkWrite([{ document: a }, { document: stored('B', 1, '1-a') }], 'test');
    const behind = await tab(factory, 'behind');
    expect((await behind.findDocumentsById(['A'], false)).length).toBe(1);
    await writer.bulkWrite([{ previous: a, document: { ...a, _deleted: true, _rev: '2-a', _meta: { lwt: 2 } } }], 'test');
    await pad(writer);

    // A third tab opens with a long log and compacts it before the tab behind reads the removal.
    await tab(factory, 'compacting');
    const log = logOf(factory);
    await expect.poll(async () => (await log.read(streamName('products', 0), 0)).length).toBe(1);
    const chunk = decodeDocuments((await log.read(streamName('products', 0), 0))[0]!.docs);
    expect(chunk.map((doc) => doc.sku).sort()).toEqual(['B', 'FILL']);

    await catchUp(behind);
    expect(await behind.findDocumentsById(['A'], false)).toEqual([]);
    expect((await behind.findDocumentsById(['B', 'FILL'], false)).length).toBe(2);
    const reloaded = await tab(factory, 'reloaded');
    expect(await reloaded.findDocumentsById(['A'], true)).toEqual([]);
  });

  it('a compaction that leaves nothing still tells a tab behind that everything is gone', async () => {
    const factory = new IDBFactory();
    const writer = await tab(factory, 'writer');
    const x = stored('X', 1, '1-x');
    await writer.bulkWrite([{ document: x }], 'test');
    const behind = await tab(factory, 'behind');
    await pad(writer);
    const [fill] = await writer.findDocumentsById(['FILL'], false);
    await writer.bulkWrite(
      [
        { previous: x, document: { ...x, _deleted: true, _rev: '2-x' } },
        { previous: fill, document: { ...fill!, _deleted: true, _rev: '99-x' } },
      ],
      'test',
    );
    await tab(factory, 'compacting');
    const log = logOf(factory);
    await expect
      .poll(async () => (await log.read(streamName('products', 0), 0)).map((record) => decodeDocuments(record.docs)))
      .toEqual([[]]);
    await catchUp(behind);
    expect(await behind.findDocumentsById(['X', 'FILL'], false)).toEqual([]);
  });
});

describe('the checkpoint saved with the documents', () => {
  const internals = (instance: Tab): MappedStorageInternals<ProductDoc> => instance.internals as MappedStorageInternals<ProductDoc>;

  it('moves with them through a compaction, and a new schema version starts without one', async () => {
    const factory = new IDBFactory();
    const writer = await tab(factory, 'writer');
    await pad(writer);
    await internals(writer).saveCheckpoint({ seq: 42 });
    await tab(factory, 'compacting');
    const log = logOf(factory);
    await expect.poll(async () => (await log.read(streamName('products', 0), 0)).length).toBe(1);
    const reloaded = await tab(factory, 'reloaded');
    expect(await internals(reloaded).readCheckpoint()).toEqual({ seq: 42 });

    // The next schema version is another stream: nothing stored, so no checkpoint claims anything.
    const next = await tab(factory, 'next', false, { ...schema, version: 1 });
    expect(await internals(next).readCheckpoint()).toBeUndefined();
    expect(await next.findDocumentsById(['FILL'], true)).toEqual([]);
  });
});

describe('what the mapped storage takes from RxDB', () => {
  it('runs on the exact RxDB version it was written against (package.json pins it)', () => {
    const pinned = (JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }).dependencies.rxdb;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(RXDB_VERSION).toBe(pinned);
  });

  it('the map of documents answers RxDB queries exactly as RxDB memory storage does', async () => {
    const memory = await getRxStorageMemory().createStorageInstance<ProductDoc>({
      databaseInstanceToken: 't',
      databaseName: `reference-${Math.random()}`,
      collectionName: 'products',
      schema,
      options: {},
      multiInstance: false,
      devMode: false,
    });
    open.push(memory);
    const mapped = await tab(new IDBFactory(), 'mapped');
    const docs = Array.from({ length: 40 }, (_, i) => ({
      ...stored(`P${String(i).padStart(2, '0')}`, i, `1-${i}`, `Name ${(i * 7) % 13}`),
      final_price: (i * 37) % 500,
      supplier_id: `s${i % 3}`,
      _deleted: i % 9 === 0,
    }));
    for (const instance of [memory, mapped])
      await instance.bulkWrite(
        docs.map((document) => ({ document })),
        'test',
      );
    const queries: MangoQuery<ProductDoc>[] = [
      { selector: {} },
      { selector: { supplier_id: 's1' }, sort: [{ name_az: 'desc' }] },
      { selector: { final_price: { $gt: 100, $lte: 400 } }, sort: [{ final_price: 'asc' }], skip: 2, limit: 5 },
      { selector: { sku: { $in: ['P01', 'P09', 'P30'] } } },
      { selector: { name: { $regex: '^Name 1' } }, sort: [{ updated_at: 'desc' }], limit: 3 },
    ];
    for (const mango of queries) {
      const prepared = prepareQuery<ProductDoc>(schema, normalizeMangoQuery<ProductDoc>(schema, mango));
      const skus = async (instance: Tab): Promise<string[]> => (await instance.query(prepared)).documents.map((doc) => doc.sku);
      expect(await skus(mapped)).toEqual(await skus(memory as Tab));
      expect((await mapped.count(prepared)).count).toBe((await memory.count(prepared)).count);
    }
  });
});
