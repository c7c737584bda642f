import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_COLLECTION_SCHEMAS, closeAppDatabase, createAppDatabase, getAppDatabase, type AppDatabase } from './database';
import { nameSortKey } from '../domain/name-sort-key';
import { makeFavorite, makeOrder, makeProduct } from './testing/documents';
import { createRxDatabase } from 'rxdb';
import { wrappedValidateZSchemaStorage } from 'rxdb/plugins/validate-z-schema';
import { accountSchema } from './schema/account';
import { favoriteSchema } from './schema/favorites';
import { orderSchema } from './schema/orders';
import { fakeAppStorage } from './testing/fake-storage';

const opened: AppDatabase[] = [];

async function open(factory = new IDBFactory()): Promise<AppDatabase> {
  const db = await createAppDatabase({ storage: fakeAppStorage(factory), devMode: true });
  opened.push(db);
  return db;
}

afterEach(async () => {
  // RxDB allows 13 open collections per process: every test closes what it opened.
  await Promise.all(opened.splice(0).map((db) => db.close()));
  await closeAppDatabase();
});

describe('createAppDatabase', () => {
  it('opens exactly the eleven collections of docs/architecture.md §3.1', async () => {
    const db = await open();
    expect(Object.keys(db.collections).sort()).toEqual([
      'account',
      'addresses',
      'cart_items',
      'cart_suppliers',
      'catalog_meta',
      'categories',
      'favorites',
      'orders',
      'products',
      'suppliers',
      'sync_tasks',
    ]);
  });

  it('finds products of a supplier sorted by name through the index', async () => {
    const db = await open();
    const names = ['Ζάχαρη 1kg', 'άλευρι 1kg', 'Ελαιόλαδο 5L', 'Αλάτι 500g'];
    await db.products.bulkInsert(names.map((name, i) => makeProduct({ sku: `S-${i}`, name, name_az: nameSortKey(name) })));
    await db.products.insert(makeProduct({ sku: 'OTHER', supplier_id: 'sup-2', name: 'Αβγά', name_az: nameSortKey('Αβγά') }));

    const docs = await db.products.find({ selector: { supplier_id: 'sup-1' }, sort: [{ name_az: 'asc' }] }).exec();

    expect(docs.map((d) => d.name)).toEqual(['Αλάτι 500g', 'άλευρι 1kg', 'Ελαιόλαδο 5L', 'Ζάχαρη 1kg']);
  });

  it('finds a product by its scanned barcode', async () => {
    const db = await open();
    await db.products.bulkInsert([makeProduct({ sku: 'A', barcode: '5200000000011' }), makeProduct({ sku: 'B', barcode: '' })]);

    const found = await db.products.findOne({ selector: { barcode: '5200000000011' } }).exec();

    expect(found?.sku).toBe('A');
  });

  it('rejects a product without a required field', async () => {
    const db = await open();
    const { final_price: _omitted, ...withoutPrice } = makeProduct();
    // @ts-expect-error the missing final_price is what this test checks
    await expect(db.products.insert(withoutPrice)).rejects.toMatchObject({ code: 'VD2' });
    expect(await db.products.count().exec()).toBe(0);
  });

  it('keeps the data when the database is opened again (persistence)', async () => {
    const factory = new IDBFactory();
    const first = await open(factory);
    await first.products.insert(makeProduct({ sku: 'KEEP-1' }));
    await first.close();

    const second = await open(factory);
    const doc = await second.products.findOne('KEEP-1').exec();
    expect(doc?.name).toBe('Ελαιόλαδο Κρήτης 5L');
  });
});

describe('schemas', () => {
  it.each(Object.entries(APP_COLLECTION_SCHEMAS))('%s: indexed fields are required and bounded', (name, schema) => {
    const required = new Set<string>(schema.required ?? []);
    const properties: Record<string, { type?: unknown; maxLength?: number; minimum?: number; maximum?: number; multipleOf?: number }> =
      schema.properties;
    const primaryKey = typeof schema.primaryKey === 'string' ? schema.primaryKey : schema.primaryKey.key;
    const indexed = new Set<string>([primaryKey, ...(schema.indexes ?? []).flat()]);
    for (const field of indexed) {
      const property = properties[field];
      expect(required.has(field), `${field} required`).toBe(true);
      if (property?.type === 'string') expect(property.maxLength, `${field} maxLength`).toBeLessThanOrEqual(2048);
      if (property?.type === 'integer' || property?.type === 'number') {
        expect(
          [property.minimum, property.maximum, property.multipleOf].every((v) => typeof v === 'number'),
          field,
        ).toBe(true);
      }
    }
    // Every version above 0 has a migration (cart_items: decision 018; orders: decision 020; account: decision 021;
    // favorites: decision 022).
    expect(schema.version).toBe(['cart_items', 'orders', 'account', 'favorites'].includes(name) ? 1 : 0);
  });
});

describe('getAppDatabase', () => {
  it('returns the same instance to concurrent callers', async () => {
    const storage = fakeAppStorage();
    const [a, b] = await Promise.all([getAppDatabase({ storage }), getAppDatabase({ storage })]);
    expect(a).toBe(b);
    expect(a.closed).toBe(false);
  });

  it('opens a new database after closeAppDatabase()', async () => {
    const first = await getAppDatabase({ storage: fakeAppStorage() });
    await closeAppDatabase();
    expect(first.closed).toBe(true);
    const second = await getAppDatabase({ storage: fakeAppStorage() });
    expect(second).not.toBe(first);
  });
});

describe('orders version 1', () => {
  it('migrates an order of version 0, naming its supplier from the request it keeps', async () => {
    const factory = new IDBFactory();
    const { supplier_id: _s, customer_name: _c, comment: _m, ...properties } = orderSchema.properties;
    const v0 = { ...orderSchema, version: 0, properties, required: (orderSchema.required as string[]).filter((f) => f !== 'supplier_id') };
    const storage = wrappedValidateZSchemaStorage({ storage: fakeAppStorage(factory) });
    const old = await createRxDatabase({ name: 'orders-v0', storage, multiInstance: false });
    await old.addCollections({ orders: { schema: v0 as never } });
    const { supplier_id: _sid, ...order } = makeOrder({ request: { buyer_id: 'buyer-1', order: { supplier_id: '42' } } });
    await old.orders!.insert(order);
    await old.close();
    const db = await createAppDatabase({ name: 'orders-v0', storage: fakeAppStorage(factory), multiInstance: false });
    try {
      expect((await db.orders.findOne(order.id).exec())?.supplier_id).toBe('42');
    } finally {
      await db.close();
    }
  });
});

describe('account version 1', () => {
  it('keeps the signed-in customer of version 0 and takes the billing details of version 1', async () => {
    const factory = new IDBFactory();
    const v0 = {
      ...accountSchema,
      version: 0,
      properties: { ...accountSchema.properties, kind: { ...accountSchema.properties.kind, enum: ['customer'] } },
    };
    const storage = wrappedValidateZSchemaStorage({ storage: fakeAppStorage(factory) });
    const old = await createRxDatabase({ name: 'account-v0', storage, multiInstance: false });
    await old.addCollections({ account: { schema: v0 as never } });
    await old.account!.insert({ key: 'customer', kind: 'customer', customer_id: 'c-1', buyer_id: '', data: { id: 'c-1' }, updated_at: 1 });
    await old.close();
    const db = await createAppDatabase({ name: 'account-v0', storage: fakeAppStorage(factory), multiInstance: false });
    try {
      expect((await db.account.findOne('customer').exec())?.data).toEqual({ id: 'c-1' });
      await db.account.insert({ key: 'billing:b-1', kind: 'billing', customer_id: 'c-1', buyer_id: 'b-1', data: {}, updated_at: 2 });
      expect(await db.account.count().exec()).toBe(2);
    } finally {
      await db.close();
    }
  });
});

describe('favorites version 1', () => {
  it('moves a favourite of version 0 (keyed by sku) under its buyer and sku, and keeps another buyer’s beside it', async () => {
    const factory = new IDBFactory();
    const { key: _k, updated_at: _u, ...properties } = favoriteSchema.properties;
    const v0 = {
      ...favoriteSchema,
      version: 0,
      primaryKey: 'sku',
      properties,
      required: ['sku', 'buyer_id', 'supplier_id', 'favorite_since'],
    };
    const storage = wrappedValidateZSchemaStorage({ storage: fakeAppStorage(factory) });
    const old = await createRxDatabase({ name: 'favorites-v0', storage, multiInstance: false });
    await old.addCollections({ favorites: { schema: v0 as never } });
    await old.favorites!.insert({ sku: 'OIL-5L', buyer_id: 'b-1', supplier_id: 's-1', favorite_since: 7 });
    await old.close();
    const db = await createAppDatabase({ name: 'favorites-v0', storage: fakeAppStorage(factory), multiInstance: false });
    try {
      expect((await db.favorites.findOne('b-1|OIL-5L').exec())?.toJSON()).toMatchObject({
        sku: 'OIL-5L',
        favorite_since: 7,
        updated_at: 7,
      });
      await db.favorites.insert(makeFavorite({ buyer_id: 'b-2', sku: 'OIL-5L' }));
      expect(await db.favorites.count().exec()).toBe(2);
    } finally {
      await db.close();
    }
  });
});
