import { getChangedDocumentsSince } from 'rxdb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppDatabase, type AppDatabase } from '../database';
import { getCurrentCustomer } from '../queries/account';
import { makeAddress, makeCartItem, makeCustomer, makeFavorite, makeOrder, makeProduct, makeSyncTask } from '../testing/documents';
import { fakeAppStorage } from '../testing/fake-storage';
import { clearBuyerData } from './clear-buyer-data';
import { saveAccount } from './save-account';

let db: AppDatabase;

beforeEach(async () => {
  db = await createAppDatabase({ storage: fakeAppStorage(), devMode: true });
  await db.products.insert(makeProduct());
  await db.cart_items.bulkInsert([makeCartItem({ id: 'line-1' }), makeCartItem({ id: 'line-2', buyer_id: 'buyer-2', sku: 'FLOUR' })]);
  await db.favorites.insert(makeFavorite());
  await db.addresses.insert(makeAddress());
  await db.orders.bulkInsert([
    makeOrder({ id: 'sent', transmited: true, transmited_at: 1, backend_order_id: 'B-100' }),
    makeOrder({ id: 'queued-1', transmited: false }),
    makeOrder({ id: 'queued-2', buyer_id: 'buyer-2', transmited: false }),
  ]);
  await db.sync_tasks.bulkInsert([makeSyncTask({ id: 'done', transmited: true, code: 200 }), makeSyncTask({ id: 'waiting' })]);
  await saveAccount(db, { customer: makeCustomer(), selectedBuyerId: 'buyer-2' });
});

afterEach(async () => {
  await db.close();
});

describe('clearBuyerData (logout)', () => {
  it('removes the addresses and profile of every buyer', async () => {
    await clearBuyerData(db);

    expect(await db.addresses.find().exec()).toEqual([]);
    expect(await getCurrentCustomer(db)).toBeNull();
  });

  it('never loses an untransmitted order or sync task', async () => {
    const result = await clearBuyerData(db);

    const orders = await db.orders.find({ sort: [{ id: 'asc' }] }).exec();
    expect(orders.map((o) => o.id)).toEqual(['queued-1', 'queued-2']);
    expect((await db.sync_tasks.find().exec()).map((t) => t.id)).toEqual(['waiting']);
    expect(result.keptOrders).toBe(2);
    expect(result.keptSyncTasks).toBe(1);
    expect(result.removed).toMatchObject({ orders: 1, sync_tasks: 1, addresses: 1 });
  });

  it('keeps cart lines under their customer: one added offline may not be on the bridge yet', async () => {
    const result = await clearBuyerData(db);

    expect(result.keptCartLines).toBe(2);
    expect((await db.cart_items.find().exec()).map((l) => [l.id, l.customer_id])).toEqual([
      ['line-1', 'cust-1'],
      ['line-2', 'cust-1'],
    ]);
  });

  it('keeps favourites under their buyer: one marked offline may not be on the bridge yet', async () => {
    const result = await clearBuyerData(db);

    expect(result.keptFavorites).toBe(1);
    expect((await db.favorites.find().exec()).map((f) => f.key)).toEqual(['buyer-1|OIL-5L']);
  });

  it('keeps the catalogue and the selected buyer of the customer for the next login', async () => {
    await clearBuyerData(db);

    expect(await db.products.count().exec()).toBe(1);
    const next = await saveAccount(db, { customer: makeCustomer() });
    expect(next.selectedBuyerId).toBe('buyer-2');
  });

  it('leaves no removal for a replication push to send', async () => {
    await clearBuyerData(db);

    // What a replication push reads: every write since its checkpoint, tombstones included.
    expect((await getChangedDocumentsSince(db.addresses.storageInstance, 100)).documents).toEqual([]);
  });
});
