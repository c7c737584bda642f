import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppDatabase, type AppDatabase } from '../database';
import { makeProduct } from '../testing/documents';
import { fakeAppStorage } from '../testing/fake-storage';
import { writeLogName } from './mapped-storage';
import { decodeDocuments, legacyStreamName, streamName } from './document-columns';
import { mergeRecords, prefetchWriteLog, WriteLog, type WriteRecord } from './write-log';

// The read-ahead of a write log (prefetchWriteLog) must never make an opening collection miss or revive
// anything: records written, compacted or removed after the read are what the collection ends up with.

const NAME = 'read-ahead-test';
const open: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function openDb(factory: IDBFactory): Promise<AppDatabase> {
  const db = await createAppDatabase({ name: NAME, storage: fakeAppStorage(factory), devMode: false });
  open.push(db);
  return db;
}

async function closeDb(db: AppDatabase): Promise<void> {
  open.splice(open.indexOf(db), 1);
  await db.close();
}

const settings = (factory: IDBFactory) => ({ indexedDB: factory, IDBKeyRange });
const skus = async (db: AppDatabase) => (await db.products.find().exec()).map((doc) => doc.sku).sort();

async function seeded(factory: IDBFactory, ...batches: string[][]): Promise<void> {
  const db = await openDb(factory);
  for (const batch of batches) await db.products.bulkInsert(batch.map((sku) => makeProduct({ sku })));
  await closeDb(db);
}

describe('prefetchWriteLog', () => {
  it('gives an opening collection the records read ahead', async () => {
    const factory = new IDBFactory();
    await seeded(factory, ['A', 'B'], ['C']);
    prefetchWriteLog(writeLogName(NAME), settings(factory));
    const log = new WriteLog(writeLogName(NAME), settings(factory));
    open.push({ close: async () => log.close() });
    const early = await log.readForOpen(streamName('products', 0));
    expect(early.map((record) => record.id)).toEqual((await log.read(streamName('products', 0), 0)).map((record) => record.id));
    // Taken once: the next open reads the log itself.
    expect(await log.readForOpen(streamName('products', 0))).toEqual(await log.read(streamName('products', 0), 0));
  });

  it('adds what was appended after the read', async () => {
    const factory = new IDBFactory();
    await seeded(factory, ['A']);
    prefetchWriteLog(writeLogName(NAME), settings(factory));
    // Another tab writes while this one starts (an open database here would take the read-ahead itself).
    const log = new WriteLog(writeLogName(NAME), settings(factory));
    open.push({ close: async () => log.close() });
    const [first] = await log.read(streamName('products', 0), 0);
    const [a] = decodeDocuments(first!.docs);
    expect(await log.appendAfter(streamName('products', 0), first!.id!, [{ ...a, sku: 'B', id: 'B' }])).not.toBeNull();
    const db = await openDb(factory);
    await expect.poll(() => skus(db)).toEqual(['A', 'B']);
  });

  it('reads again when a compaction replaced the records read ahead', async () => {
    const factory = new IDBFactory();
    await seeded(factory, ['A'], ['B'], ['C']);
    prefetchWriteLog(writeLogName(NAME), settings(factory));
    const log = new WriteLog(writeLogName(NAME), settings(factory));
    open.push({ close: async () => log.close() });
    await log.compact(streamName('products', 0), (records) => records.flatMap((record) => decodeDocuments(record.docs)), 2);
    const records = await log.readForOpen(streamName('products', 0));
    expect(records.every((record) => record.compactedThrough !== undefined)).toBe(true);
    const db = await openDb(factory);
    expect(await skus(db)).toEqual(['A', 'B', 'C']);
  });

  it('reads a long log in batches, and a compaction between two batches makes the open read again', async () => {
    const factory = new IDBFactory();
    const letters = 'ABCDEFGHIJ'.split('');
    await seeded(factory, ...letters.map((sku) => [sku]));
    prefetchWriteLog(writeLogName(NAME), settings(factory));
    const log = new WriteLog(writeLogName(NAME), settings(factory));
    open.push({ close: async () => log.close() });
    // Queued behind the read-ahead's first batch: the later batches read the compacted chunks.
    await log.compact(streamName('products', 0), (records) => records.flatMap((record) => decodeDocuments(record.docs)), 3);
    const records = await log.readForOpen(streamName('products', 0));
    expect(records.every((record) => record.compactedThrough !== undefined)).toBe(true);
    const db = await openDb(factory);
    expect(await skus(db)).toEqual(letters);
  });

  it('gives an opening collection every record of a log longer than one batch, in commit order', async () => {
    const factory = new IDBFactory();
    const letters = 'ABCDEFGHIJK'.split('');
    await seeded(factory, ...letters.map((sku) => [sku]));
    const batches = vi.spyOn(WriteLog.prototype, 'readBatch');
    prefetchWriteLog(writeLogName(NAME), settings(factory));
    const log = new WriteLog(writeLogName(NAME), settings(factory));
    open.push({ close: async () => log.close() });
    const early = await log.readForOpen(streamName('products', 0));
    // In batches (four records each): 11 records take three reads.
    expect(batches.mock.calls.length).toBeGreaterThanOrEqual(3);
    batches.mockRestore();
    expect(early.map((record) => record.id)).toEqual((await log.read(streamName('products', 0), 0)).map((record) => record.id));
    expect(early).toHaveLength(11);
    // Parsed as they arrived: merging them parses none of them again.
    const parse = vi.spyOn(JSON, 'parse');
    const merged = mergeRecords(early, 'sku');
    const texts = new Set(early.flatMap(({ docs }) => (typeof docs === 'string' ? [docs] : [docs.rows, ...docs.values])));
    const parsedAgain = parse.mock.calls.filter(([text]) => texts.has(text));
    parse.mockRestore();
    expect(parsedAgain).toEqual([]);
    expect([...merged.keys()].sort()).toEqual(letters);
    const db = await openDb(factory);
    expect(await skus(db)).toEqual(letters);
  });

  it('adopts the stream an earlier build wrote, checkpoint included, once; that build then finds its stream empty', async () => {
    const factory = new IDBFactory();
    // Records as a build before the current form wrote them: one JSON array each, in the stream named without it.
    const stored = (sku: string) => ({ ...makeProduct({ sku }), _deleted: false, _rev: '1-a', _meta: { lwt: 1 }, _attachments: {} });
    const legacy = legacyStreamName('products', 0);
    const old = new Dexie(writeLogName(NAME), { indexedDB: factory, IDBKeyRange });
    old.version(1).stores({ records: '++id, [stream+id]' });
    await old.table('records').bulkAdd([
      { stream: legacy, docs: JSON.stringify([stored('OLD-1'), stored('OLD-2')]) },
      { stream: legacy, docs: JSON.stringify([{ ...stored('OLD-2'), _deleted: true }]), checkpoint: { seq: 7 } },
    ]);
    old.close();
    prefetchWriteLog(writeLogName(NAME), settings(factory));
    let db = await openDb(factory);
    expect(await skus(db)).toEqual(['OLD-1']);
    const log = new WriteLog(writeLogName(NAME), settings(factory));
    open.push({ close: async () => log.close() });
    expect(await log.read(legacy, 0)).toEqual([]);
    expect(await log.readCheckpoint(streamName('products', 0))).toEqual({ seq: 7 });
    await db.products.bulkInsert([makeProduct({ sku: 'NEW' })]);
    await closeDb(db);
    // An old tab still open writes to its own stream: not adopted again, nothing of it read by this build.
    await log.appendAfter(legacy, 0, [stored('LATE')]);
    db = await openDb(factory);
    expect(await skus(db)).toEqual(['NEW', 'OLD-1']);
    expect(await log.read(legacy, 0)).toHaveLength(1);
  });

  it('lets only one of two tabs adopt an old stream when both open at once', async () => {
    const factory = new IDBFactory();
    const legacy = legacyStreamName('products', 0);
    const stored = (sku: string) => ({ ...makeProduct({ sku }), _deleted: false, _rev: '1-a', _meta: { lwt: 1 }, _attachments: {} });
    const first = new WriteLog(writeLogName(NAME), settings(factory));
    const second = new WriteLog(writeLogName(NAME), settings(factory));
    open.push({ close: async () => first.close() }, { close: async () => second.close() });
    await first.appendAfter(legacy, 0, [stored('OLD-1')], { seq: 3 });
    const merge = (records: readonly WriteRecord[]) => records.flatMap((record) => decodeDocuments(record.docs));
    const adopted = await Promise.all([
      first.adoptStream(legacy, streamName('products', 0), merge, 10),
      second.adoptStream(legacy, streamName('products', 0), merge, 10),
    ]);
    expect(adopted.filter(Boolean)).toHaveLength(1);
    const records = await first.read(streamName('products', 0), 0);
    expect(records.flatMap((record) => decodeDocuments(record.docs)).map((doc) => doc.sku)).toEqual(['OLD-1']);
    expect(await first.readCheckpoint(streamName('products', 0))).toEqual({ seq: 3 });
    expect(await first.read(legacy, 0)).toEqual([]);
  });

  it('does not bring back a stream removed after the read', async () => {
    const factory = new IDBFactory();
    await seeded(factory, ['A', 'B']);
    prefetchWriteLog(writeLogName(NAME), settings(factory));
    const log = new WriteLog(writeLogName(NAME), settings(factory));
    open.push({ close: async () => log.close() });
    await log.removeStream(streamName('products', 0));
    const db = await openDb(factory);
    expect(await skus(db)).toEqual([]);
  });

  it('is not used for a log of the same name in another IndexedDB', async () => {
    const first = new IDBFactory();
    await seeded(first, ['FIRST']);
    prefetchWriteLog(writeLogName(NAME), settings(first));
    const second = new IDBFactory();
    await seeded(second, ['SECOND']);
    const db = await openDb(second);
    expect(await skus(db)).toEqual(['SECOND']);
  });
});
