import { afterEach, expect, it } from 'vitest';
import { createAppDatabase, type AppDatabase } from './database';
import { makeProduct } from './testing/documents';
import { fakeDexieStorage } from './testing/fake-storage';

// Its own file: RxDB plugins are global per process, and dev-mode cannot be switched off again.
let db: AppDatabase | undefined;

afterEach(async () => {
  await db?.close();
  db = undefined;
});

it('opens without dev-mode, where Dexie itself enforces the index rules (the production path)', async () => {
  db = await createAppDatabase({ storage: fakeDexieStorage(), devMode: false });
  await db.products.bulkInsert([makeProduct({ sku: 'A' }), makeProduct({ sku: 'B', supplier_id: 'sup-2' })]);

  const ofSupplier = await db.products.find({ selector: { supplier_id: 'sup-2' }, sort: [{ final_price: 'asc' }] }).exec();

  expect(ofSupplier.map((p) => p.sku)).toEqual(['B']);
  expect(db.storage.name).toBe('dexie');
});
