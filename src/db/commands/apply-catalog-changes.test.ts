import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppDatabase, type AppDatabase } from '../database';
import { readCatalogCheckpoint } from '../queries/catalog-checkpoint';
import { makeProduct } from '../testing/documents';
import { fakeAppStorage } from '../testing/fake-storage';
import { writeLogName } from '../storage/mapped-storage';
import { applyCatalogChanges } from './apply-catalog-changes';
import { saveCatalogCheckpoint } from './save-catalog-checkpoint';

const opened: AppDatabase[] = [];

async function open(factory = new IDBFactory()): Promise<AppDatabase> {
  const db = await createAppDatabase({ name: 'apply-catalog', storage: fakeAppStorage(factory), devMode: true, multiInstance: false });
  opened.push(db);
  return db;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

async function stored(db: AppDatabase): Promise<Record<string, number>> {
  const docs = await db.products.find().exec();
  return Object.fromEntries(docs.map((d) => [d.sku, d.price]));
}

describe('applyCatalogChanges', () => {
  it('inserts a first batch in one go and counts it', async () => {
    const db = await open();
    const applied = await applyCatalogChanges(db, 'products', {
      upserts: [makeProduct({ sku: 'A', price: 100 }), makeProduct({ sku: 'B', price: 200 })],
      removals: ['NEVER-STORED'],
    });
    expect(applied).toEqual({ inserted: 2, updated: 0, removed: 0 });
    expect(await stored(db)).toEqual({ A: 100, B: 200 });
  });

  it('replaces stored documents, inserts new ones and removes what the bridge no longer lists', async () => {
    const db = await open();
    await applyCatalogChanges(db, 'products', { upserts: ['A', 'B', 'C'].map((sku) => makeProduct({ sku, price: 100 })), removals: [] });
    const seen: string[] = [];
    const sub = db.products.find().$.subscribe((docs) => seen.push(docs.map((d) => `${d.sku}:${d.price}`).join(',')));

    const applied = await applyCatalogChanges(db, 'products', {
      upserts: [makeProduct({ sku: 'A', price: 150 }), makeProduct({ sku: 'D', price: 400 })],
      removals: ['B', 'GONE-BEFORE'],
    });

    expect(applied).toEqual({ inserted: 1, updated: 1, removed: 1 });
    expect(await stored(db)).toEqual({ A: 150, C: 100, D: 400 });
    // Open queries see the change without a reload (the RxDB change stream is fed).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.at(-1)).toBe('A:150,C:100,D:400');
    sub.unsubscribe();
    // The replaced document is a new revision of the stored one, not a second document.
    const a = await db.products.findOne('A').exec();
    expect(a?.revision.startsWith('2-')).toBe(true);
  });

  it('lists a removed document again when the bridge lists it again', async () => {
    const db = await open();
    await applyCatalogChanges(db, 'products', { upserts: [makeProduct({ sku: 'A', price: 100 })], removals: [] });
    await applyCatalogChanges(db, 'products', { upserts: [], removals: ['A'] });
    expect(await stored(db)).toEqual({});

    const applied = await applyCatalogChanges(db, 'products', { upserts: [makeProduct({ sku: 'A', price: 120 })], removals: [] });

    expect(applied.inserted).toBe(1);
    expect(await stored(db)).toEqual({ A: 120 });
  });

  it('rejects a document the local schema refuses, and stores nothing of it', async () => {
    const db = await open();
    const bad = { ...makeProduct({ sku: 'BAD' }), price: -5 };
    await expect(applyCatalogChanges(db, 'products', { upserts: [bad], removals: [] })).rejects.toThrow();
    expect(await stored(db)).toEqual({});
  });
});

describe('catalogue checkpoints', () => {
  it('start at 0, are kept per collection and replication, and survive a reopen', async () => {
    const factory = new IDBFactory();
    const db = await open(factory);
    expect(await readCatalogCheckpoint(db, 'products', 'catalog-products-v3-x')).toBe(0);
    await saveCatalogCheckpoint(db, 'products', 'catalog-products-v3-x', 41);
    await saveCatalogCheckpoint(db, 'products', 'catalog-products-v3-x', 42);
    await saveCatalogCheckpoint(db, 'categories', 'catalog-categories-v3-x', 7);
    await db.close();
    opened.splice(0);

    const again = await open(factory);
    expect(await readCatalogCheckpoint(again, 'products', 'catalog-products-v3-x')).toBe(42);
    expect(await readCatalogCheckpoint(again, 'categories', 'catalog-categories-v3-x')).toBe(7);
    // Another bridge (another identifier) starts from nothing.
    expect(await readCatalogCheckpoint(again, 'products', 'catalog-products-v3-y')).toBe(0);
  });

  it('live and die with the documents: without the stored catalogue, the checkpoint is gone too', async () => {
    const factory = new IDBFactory();
    const db = await open(factory);
    await applyCatalogChanges(db, 'products', { upserts: [makeProduct({ sku: 'A' })], removals: [] });
    await saveCatalogCheckpoint(db, 'products', 'catalog-products-v3-x', 42);
    await db.close();
    opened.splice(0);
    // The catalogue's IndexedDB database is lost (cleared by the browser or by hand); the rest is kept.
    await new Promise((resolve, reject) => {
      const request = factory.deleteDatabase(writeLogName('apply-catalog'));
      request.onsuccess = resolve;
      request.onerror = reject;
    });

    const again = await open(factory);
    expect(await stored(again)).toEqual({});
    expect(await readCatalogCheckpoint(again, 'products', 'catalog-products-v3-x')).toBe(0);
  });
});
