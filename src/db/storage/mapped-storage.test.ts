import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { fillWithDefaultSettings, type RxDocumentData, type RxStorageInstance } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { firstValueFrom, filter } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppDatabase, getAppStorage, type AppDatabase } from '../database';
import { dropLegacyCatalogStores } from '../commands/drop-legacy-catalog-stores';
import { productSchema, type ProductDoc } from '../schema/products';
import { makeCartItem, makeProduct } from '../testing/documents';
import { fakeAppStorage } from '../testing/fake-storage';
import { COMPACT_AFTER_RECORDS, getRxStorageMapped, mergeRecords, writeLogName, type MappedStorageInternals } from './mapped-storage';
import { WriteLog } from './write-log';
import { streamName } from './document-columns';

const open: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function openDb(factory: IDBFactory, name = 'mapped-test'): Promise<AppDatabase> {
  const db = await createAppDatabase({ name, storage: fakeAppStorage(factory), devMode: false });
  open.push(db);
  return db;
}

async function closeDb(db: AppDatabase): Promise<void> {
  open.splice(open.indexOf(db), 1);
  await db.close();
}

function logOf(factory: IDBFactory, name = 'mapped-test'): WriteLog {
  const log = new WriteLog(writeLogName(name), { indexedDB: factory, IDBKeyRange });
  open.push({ close: async () => log.close() });
  return log;
}

type StoredProduct = RxDocumentData<ProductDoc>;

function stored(sku: string, lwt: number, rev: string, name = sku): StoredProduct {
  return { ...makeProduct({ sku, name }), _deleted: false, _attachments: {}, _meta: { lwt }, _rev: rev };
}

describe('the mapped catalogue through the app database', () => {
  it('keeps inserts, updates and removals across a reopen, one log record per write', async () => {
    const factory = new IDBFactory();
    const db = await openDb(factory);
    await db.products.bulkInsert(Array.from({ length: 500 }, (_, i) => makeProduct({ sku: `P${String(i).padStart(3, '0')}` })));
    await db.products
      .findOne('P001')
      .exec()
      .then((doc) => doc!.incrementalPatch({ name: 'Renamed' }));
    await db.products
      .findOne('P002')
      .exec()
      .then((doc) => doc!.remove());
    await db.cart_items.insert(makeCartItem());
    await closeDb(db);

    expect((await logOf(factory).read(streamName('products', 0), 0)).length).toBe(3);

    const again = await openDb(factory);
    expect(await again.products.count().exec()).toBe(499);
    expect((await again.products.findOne('P001').exec())?.name).toBe('Renamed');
    expect(await again.products.findOne('P002').exec()).toBeNull();
    expect(await again.cart_items.count().exec()).toBe(1);
    // The catalogue snapshot's one-go read: every document, the removed one flagged.
    const internals = (await again.products.storageInstance.internals) as unknown as MappedStorageInternals<ProductDoc>;
    expect(
      internals
        .allDocuments()
        .filter((doc) => doc._deleted)
        .map((doc) => doc.sku),
    ).toEqual(['P002']);
  });

  it('compacts a long log into chunks of the same state when a collection opens', async () => {
    const factory = new IDBFactory();
    const db = await openDb(factory);
    await db.products.insert(makeProduct({ sku: 'KEEP' }));
    for (let i = 0; i <= COMPACT_AFTER_RECORDS; i += 1) {
      await db.products.upsert(makeProduct({ sku: 'MOVING', qty: i }));
    }
    await closeDb(db);
    const log = logOf(factory);
    expect((await log.read(streamName('products', 0), 0)).length).toBe(COMPACT_AFTER_RECORDS + 2);

    const lastId = (await log.read(streamName('products', 0), 0)).at(-1)?.id;
    const again = await openDb(factory);
    await expect.poll(async () => (await log.read(streamName('products', 0), 0)).length).toBe(1);
    // A tab that had read up to lastId skips the chunk instead of parsing the whole state again.
    expect((await log.read(streamName('products', 0), 0))[0]?.compactedThrough).toBe(lastId);
    expect((await again.products.findOne('MOVING').exec())?.qty).toBe(COMPACT_AFTER_RECORDS);
    await closeDb(again);

    const third = await openDb(factory);
    expect((await third.products.find().exec()).map((doc) => [doc.sku, doc.qty])).toEqual([
      ['KEEP', makeProduct().qty],
      ['MOVING', COMPACT_AFTER_RECORDS],
    ]);
  });
});

describe('a delayed compaction (the app compacts after its first page, not during it)', () => {
  async function longLog(factory: IDBFactory): Promise<number> {
    const db = await openDb(factory);
    for (let i = 0; i <= COMPACT_AFTER_RECORDS; i += 1) await db.products.upsert(makeProduct({ sku: 'MOVING', qty: i }));
    await closeDb(db);
    return (await logOf(factory).read(streamName('products', 0), 0)).length;
  }

  async function openDelayed(factory: IDBFactory, compactDelayMs: number): Promise<AppDatabase> {
    const db = await createAppDatabase({
      name: 'mapped-test',
      storage: getAppStorage({ indexedDB: factory, IDBKeyRange }, 'mapped', compactDelayMs),
      devMode: false,
    });
    open.push(db);
    return db;
  }

  it('waits compactDelayMs, then compacts', async () => {
    const factory = new IDBFactory();
    const records = await longLog(factory);
    const db = await openDelayed(factory, 300);
    const log = logOf(factory);
    expect((await log.read(streamName('products', 0), 0)).length).toBe(records);
    expect((await db.products.findOne('MOVING').exec())?.qty).toBe(COMPACT_AFTER_RECORDS);
    await expect.poll(async () => (await log.read(streamName('products', 0), 0)).length, { timeout: 3000 }).toBe(1);
  });

  it('does not compact once the collection closed before the delay ran out', async () => {
    const factory = new IDBFactory();
    const records = await longLog(factory);
    const db = await openDelayed(factory, 200);
    await closeDb(db);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await logOf(factory).read(streamName('products', 0), 0)).length).toBe(records);
  });
});

describe('the later record wins', () => {
  it('in commit order, whatever the clock said', () => {
    const first = stored('A', 200, '2-a', 'first');
    // Written after `first`, on a device whose clock had stepped back.
    const second = stored('A', 100, '3-b', 'second');
    const merged = mergeRecords(
      [
        { id: 1, stream: 's', docs: JSON.stringify([first]) },
        { id: 2, stream: 's', docs: JSON.stringify([second]) },
      ],
      'sku',
    );
    expect(merged.get('A')?.name).toBe('second');
  });
});

describe('two tabs on one write log', () => {
  const schema = fillWithDefaultSettings(productSchema);

  async function instance(
    factory: IDBFactory,
    token: string,
    multiInstance = true,
  ): Promise<RxStorageInstance<ProductDoc, unknown, unknown>> {
    const storage = getRxStorageMapped({ persistent: getRxStorageMemory(), mapped: ['products'], indexedDB: factory, IDBKeyRange });
    const created = await storage.createStorageInstance<ProductDoc>({
      databaseInstanceToken: token,
      databaseName: 'tabs',
      collectionName: 'products',
      schema,
      options: {},
      multiInstance,
      devMode: false,
    });
    open.push(created);
    return created;
  }

  const skus = async (tab: RxStorageInstance<ProductDoc, unknown, unknown>, ids: string[]): Promise<string[]> =>
    (await tab.findDocumentsById(ids, false)).map((doc) => doc.sku);

  it("shows the leader's inserts, updates and removals in the other tab, with change events there", async () => {
    const factory = new IDBFactory();
    const leader = await instance(factory, 'leader');
    const other = await instance(factory, 'other');
    const seen = firstValueFrom(other.changeStream().pipe(filter((bulk) => bulk.events.some((e) => e.documentId === 'B'))));

    await leader.bulkWrite([{ document: stored('A', 100, '1-a') }, { document: stored('B', 100, '1-a') }], 'test');
    const bulk = await seen;

    expect(bulk.events.map((e) => e.operation)).toEqual(['INSERT', 'INSERT']);
    expect(await skus(other, ['A', 'B'])).toEqual(['A', 'B']);

    const [a, b] = await leader.findDocumentsById(['A', 'B'], false);
    const changed = firstValueFrom(other.changeStream().pipe(filter((e) => e.events.length === 2)));
    await leader.bulkWrite(
      [
        { previous: a, document: { ...stored('A', 200, '2-b'), qty: 9 } },
        { previous: b, document: { ...stored('B', 200, '2-b'), _deleted: true } },
      ],
      'test',
    );
    expect((await changed).events.map((e) => e.operation)).toEqual(['UPDATE', 'DELETE']);
    expect((await other.findDocumentsById(['A'], false))[0]?.qty).toBe(9);
    expect(await skus(other, ['B'])).toEqual([]);
  });

  it('a tab that missed the messages catches up when asked, and a write of it starts from the disk', async () => {
    const factory = new IDBFactory();
    const leader = await instance(factory, 'leader');
    // Without a channel: stands for a frozen tab, or a new leader that has not read the old one's last write.
    const lagging = await instance(factory, 'lagging', false);
    await leader.bulkWrite([{ document: stored('A', 100, '1-a') }], 'test');
    expect(await skus(lagging, ['A'])).toEqual([]);

    // Its own insert of A conflicts with the leader's instead of overwriting it.
    const insert = await lagging.bulkWrite([{ document: stored('A', 150, '1-z', 'mine') }], 'test');
    expect(insert.error.map((e) => [e.documentId, e.status])).toEqual([['A', 409]]);
    expect((await lagging.findDocumentsById(['A'], false))[0]?.name).toBe('A');

    await leader.bulkWrite([{ document: stored('C', 200, '1-a') }], 'test');
    await (lagging.internals as MappedStorageInternals<ProductDoc>).catchUp();
    expect(await skus(lagging, ['A', 'C'])).toEqual(['A', 'C']);
  });

  it('a write whose record cannot be stored changes nothing, so the retried removal still happens', async () => {
    const factory = new IDBFactory();
    const leader = await instance(factory, 'leader');
    await leader.bulkWrite([{ document: stored('A', 100, '1-a') }], 'test');
    const [a] = await leader.findDocumentsById(['A'], false);
    const events: string[] = [];
    const subscription = leader.changeStream().subscribe((bulk) => events.push(...bulk.events.map((e) => e.operation)));

    // A document JSON cannot hold (a BigInt) stands for a failing append, e.g. a full disk.
    const broken = { ...a!, _deleted: true, _rev: '2-x', _meta: { lwt: 200 }, qty: 10n as unknown as number };
    await expect(leader.bulkWrite([{ previous: a, document: broken }], 'test')).rejects.toThrow();
    expect(await skus(leader, ['A'])).toEqual(['A']);
    expect(events).toEqual([]);

    await leader.bulkWrite([{ previous: a, document: { ...a!, _deleted: true, _rev: '2-y', _meta: { lwt: 300 } } }], 'test');
    subscription.unsubscribe();
    expect(events).toEqual(['DELETE']);
    const reopened = await instance(factory, 'reloaded');
    expect(await skus(reopened, ['A'])).toEqual([]);
  });

  it('a tab that has not read the records another tab compacted gets their state from the chunks', async () => {
    const factory = new IDBFactory();
    const writer = await instance(factory, 'writer', false);
    await writer.bulkWrite([{ document: stored('A', 1, '1-a') }], 'test');
    const lagging = await instance(factory, 'lagging', false);
    let previous = (await writer.findDocumentsById(['A'], false))[0];
    for (let i = 2; i <= COMPACT_AFTER_RECORDS + 2; i += 1) {
      const next = { ...stored('A', i, `${i}-a`), qty: i };
      await writer.bulkWrite([{ previous, document: next }], 'test');
      previous = next;
    }
    // A third tab opens with a long log and compacts it: the records the lagging tab has not read are gone.
    await instance(factory, 'compacting', false);
    const log = logOf(factory, 'tabs');
    await expect.poll(async () => (await log.read(streamName('products', 0), 0)).length).toBe(1);

    await (lagging.internals as MappedStorageInternals<ProductDoc>).catchUp();
    expect((await lagging.findDocumentsById(['A'], false))[0]?.qty).toBe(COMPACT_AFTER_RECORDS + 2);
  });

  /** White-box: the instance's write log, to slow it down or to race a compaction between two reads. */
  const logInside = (tab: RxStorageInstance<ProductDoc, unknown, unknown>): WriteLog => (tab as unknown as { log: WriteLog }).log;
  const tick = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

  it('a record compacted away between reading ids and records is still applied before a catch-up or a write goes on', async () => {
    const factory = new IDBFactory();
    const writer = await instance(factory, 'writer', false);
    await writer.bulkWrite([{ document: stored('A', 1, '1-a') }], 'test');
    const lagging = await instance(factory, 'lagging', false);
    await writer.bulkWrite([{ document: stored('B', 2, '1-b') }], 'test');
    const log = logInside(lagging);
    const readMany = log.readMany.bind(log);
    const compactor = logOf(factory, 'tabs');
    log.readMany = async (ids) => {
      // Another tab opens with a long log and compacts it right between the two reads.
      await compactor.compact(streamName('products', 0), (all) => [...mergeRecords(all, 'sku').values()], 2_000);
      log.readMany = readMany;
      return readMany(ids);
    };

    // Its insert of B (decided without knowing B) must conflict with the other tab's B.
    const insert = await lagging.bulkWrite([{ document: stored('B', 3, '1-z') }], 'test');
    expect(insert.error.map((e) => [e.documentId, e.status])).toEqual([['B', 409]]);
    expect((await lagging.findDocumentsById(['B'], false))[0]?._rev).toBe('1-b');
  });

  it('a write under way when the tab closes completes; remove() waits for it, so nothing is left behind', async () => {
    const factory = new IDBFactory();
    const tab = await instance(factory, 'closing');
    const log = logInside(tab);
    const append = log.appendAfter.bind(log);
    log.appendAfter = async (stream, afterId, docs) => {
      await tick(20); // a slow disk
      return append(stream, afterId, docs);
    };
    const write = tab.bulkWrite([{ document: stored('A', 1, '1-a') }], 'test');
    await tick(5);
    const closing = tab.close();
    await expect(write).resolves.toEqual({ error: [] });
    await closing;
    expect((await logOf(factory, 'tabs').read(streamName('products', 0), 0)).length).toBe(1);

    const other = await instance(factory, 'other', false);
    const second = other.bulkWrite([{ document: stored('B', 2, '1-b') }], 'test');
    await tick(1);
    void other.close();
    await other.remove();
    await second.catch(() => undefined);
    expect(await logOf(factory, 'tabs').read(streamName('products', 0), 0)).toEqual([]);
  });

  it('cleanup() keeps the full read in step with memory', async () => {
    const tab = await instance(new IDBFactory(), 'cleanup', false);
    await tab.bulkWrite([{ document: { ...stored('A', 1, '1-a'), _deleted: true } }, { document: stored('B', 1, '1-a') }], 'test');
    await tab.cleanup(0);
    const all = (tab.internals as MappedStorageInternals<ProductDoc>).allDocuments().map((doc) => doc.sku);
    expect(all).toEqual((await tab.findDocumentsById(['A', 'B'], true)).map((doc) => doc.sku));
    expect(all).toEqual(['B']);
  });

  it('remove() deletes the records, also after close()', async () => {
    const factory = new IDBFactory();
    const leader = await instance(factory, 'leader');
    await leader.bulkWrite([{ document: stored('A', 100, '1-a') }], 'test');
    await leader.close();
    await leader.remove();
    expect(await logOf(factory, 'tabs').read(streamName('products', 0), 0)).toEqual([]);
  });
});

describe('dropLegacyCatalogStores', () => {
  it("deletes the Dexie storage's old catalogue databases and nothing else", async () => {
    const factory = new IDBFactory();
    const create = (name: string): Promise<void> =>
      new Promise((resolve) => {
        const request = factory.open(name);
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
      });
    await create('rxdb-dexie-storefront--0--products');
    await create('rxdb-dexie-storefront--0--catalog_meta');
    await create('rxdb-dexie-storefront--0--cart_items');

    expect(await dropLegacyCatalogStores('storefront', factory)).toEqual([
      'rxdb-dexie-storefront--0--products',
      'rxdb-dexie-storefront--0--catalog_meta',
    ]);
    expect((await factory.databases()).map((info) => info.name)).toEqual(['rxdb-dexie-storefront--0--cart_items']);
  });
});
