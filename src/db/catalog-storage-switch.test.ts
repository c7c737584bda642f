import { IDBFactory } from 'fake-indexeddb';
import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { applyCatalogChanges } from './commands/apply-catalog-changes';
import { saveCatalogCheckpoint } from './commands/save-catalog-checkpoint';
import { createAppDatabase, type AppDatabase, type CatalogStorage } from './database';
import { readCatalogCheckpoint } from './queries/catalog-checkpoint';
import { catalogSnapshot$ } from './queries/catalog-snapshot';
import { makeProduct } from './testing/documents';
import { fakeAppStorage } from './testing/fake-storage';

const opened: AppDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

async function open(factory: IDBFactory, catalog: CatalogStorage): Promise<AppDatabase> {
  const db = await createAppDatabase({ name: 'switch', storage: fakeAppStorage(factory, catalog), devMode: false, multiInstance: false });
  opened.push(db);
  return db;
}

async function databaseNames(factory: IDBFactory): Promise<string[]> {
  return (await factory.databases()).map((info) => info.name ?? '').sort();
}

describe('the switch back to RxDB stock Dexie storage for the catalogue', () => {
  it.each<CatalogStorage>(['dexie', 'mapped'])('%s: stores, checkpoints, lists and reloads the catalogue', async (catalog) => {
    const factory = new IDBFactory();
    const db = await open(factory, catalog);
    await applyCatalogChanges(db, 'products', { upserts: [makeProduct({ sku: 'A' }), makeProduct({ sku: 'B' })], removals: [] });
    await saveCatalogCheckpoint(db, 'products', 'catalog-products-v3-x', 9);
    expect((await firstValueFrom(catalogSnapshot$(db))).products.map((p) => p.sku).sort()).toEqual(['A', 'B']);
    const internals = (await db.products.storageInstance.internals) as { mapped?: boolean };
    expect(internals.mapped === true).toBe(catalog === 'mapped');
    await db.close();
    opened.splice(0);

    const again = await open(factory, catalog);
    expect((await again.products.find().exec()).map((doc) => doc.sku).sort()).toEqual(['A', 'B']);
    expect(await readCatalogCheckpoint(again, 'products', 'catalog-products-v3-x')).toBe(9);
    // The Dexie catalogue has its own IndexedDB databases; the mapped one keeps its write log.
    const names = await databaseNames(factory);
    expect(names.some((name) => name.startsWith('rxdb-mapped-'))).toBe(catalog === 'mapped');
    expect(names.some((name) => name.includes('--products'))).toBe(catalog === 'dexie');
  });
});
