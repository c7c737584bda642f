import { afterEach, expect, it } from 'vitest';
import { createAppDatabase, type AppDatabase } from './database';
import { makeCartItem, makeProduct } from './testing/documents';
import { fakeAppStorage } from './testing/fake-storage';

// Its own file: RxDB plugins are global per process, and dev-mode cannot be switched off again.
let db: AppDatabase | undefined;

afterEach(async () => {
  await db?.close();
  db = undefined;
});

it('opens without dev-mode: the catalogue on the mapped storage, buyer data where Dexie itself enforces the index rules (the production path)', async () => {
  db = await createAppDatabase({ storage: fakeAppStorage(), devMode: false });
  await db.products.bulkInsert([makeProduct({ sku: 'A' }), makeProduct({ sku: 'B', supplier_id: 'sup-2' })]);
  await db.cart_items.bulkInsert([makeCartItem({ id: 'l1' }), makeCartItem({ id: 'l2', supplier_id: 'sup-2' })]);

  const ofSupplier = await db.products.find({ selector: { supplier_id: 'sup-2' }, sort: [{ final_price: 'asc' }] }).exec();
  const lines = await db.cart_items.find({ selector: { buyer_id: 'buyer-1', supplier_id: 'sup-2' } }).exec();

  expect(ofSupplier.map((p) => p.sku)).toEqual(['B']);
  expect(lines.map((line) => line.id)).toEqual(['l2']);
  expect(db.storage.name).toBe('mapped');
  expect('dexieDb' in (await db.cart_items.storageInstance.internals)).toBe(true);
  expect('mapped' in (await db.products.storageInstance.internals)).toBe(true);
});
