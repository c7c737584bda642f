import type { AddressInfo } from 'node:net';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../server/seed/seed';
import { addToCart, setSupplierPayment, type CartProductInput } from '../../src/db/commands/cart';
import { acceptHeldOrderChanges, deleteWaitingOrder, returnOrderToCart } from '../../src/db/commands/held-orders';
import { placeCartOrders } from '../../src/db/commands/orders';
import { createAppDatabase, type AppDatabase } from '../../src/db/database';
import { makeProduct } from '../../src/db/testing/documents';
import { fakeAppStorage } from '../../src/db/testing/fake-storage';
import { createBridgeClient } from '../../src/replication/bridge-client';
import { createBridgeEvents } from '../../src/replication/bridge-events';
import { sendQueuedOrders } from '../../src/replication/order-queue';
import { createMemoryTokenStore } from '../../src/replication/token-store';
import { addMember, createBuyer, createCustomer } from './helpers/factory';
import { orderableProducts, TEST_ADDRESS, type OrderableProduct } from './helpers/order-api';
import { openTestSession } from './helpers/session';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * An order the bridge refused with 422 waits on the device for the buyer (docs/decisions/020-orders.md), who
 * accepts the bridge's changes and sends it again under the same id, puts it back in the cart, or deletes it.
 * RxDB on fake-indexeddb against a real bridge; each test counts what the bridge stored.
 */

let t: TestApp;
let baseUrl: string;
let customer: { id: string; token: string };
let company: string;
let supplierId: string;
let products: OrderableProduct[];
let local: AppDatabase;
let devices = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty(t.db, { products: 80 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const c = await createCustomer(t.db);
  company = (await createBuyer(t.db)).id;
  await addMember(t.db, company, c.id, true);
  customer = { id: c.id, token: (await openTestSession(t.db, c.id)).token };
  const [chosen, list] = [...(await orderableProducts(t.db, 50)).entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
  supplierId = chosen;
  products = list.slice(0, 3);
  expect(products).toHaveLength(3);
}, 120_000);

afterEach(async () => {
  await local?.close();
  await t.db.query("update suppliers set minimum_order_cents = 0, data = data - 'payment_methods' where id = $1", [Number(supplierId)]);
});

afterAll(async () => {
  await t.close();
});

const scope = () => ({ customerId: customer.id, buyerId: company });
const client = () =>
  createBridgeClient({
    baseUrl,
    tokens: createMemoryTokenStore({ accessToken: customer.token, refreshToken: 'unused', expiresAt: Date.now() + 900_000 }),
    events: createBridgeEvents(),
    fetch: (input, init) => fetch(input, init),
  });
const input = (p: OrderableProduct): CartProductInput => ({
  sku: p.sku,
  supplierId,
  name: p.name,
  typeId: 'simple',
  price: p.price,
  taxRate: p.taxRate,
});

/** Places one order of `qty` of each product and sends it; the bridge's catalogue is changed first by `before`. */
async function heldOrder(qty: number, before: () => Promise<unknown>): Promise<string> {
  await t.db.query("update suppliers set minimum_order_cents = 0, data = data - 'payment_methods' where id = $1", [Number(supplierId)]);
  devices += 1;
  local = await createAppDatabase({ name: `held-${devices}`, storage: fakeAppStorage(new IDBFactory()), multiInstance: false });
  for (const p of products) await addToCart(local, scope(), input(p), qty, { status: 'ok', qty: 10_000 }, Date.now());
  await setSupplierPayment(local, scope(), supplierId, 2, Date.now());
  const placed = await placeCartOrders(local, { scope: scope(), address: TEST_ADDRESS, shippingMethodCode: 'standard', now: Date.now() });
  await before();
  expect(await sendQueuedOrders(local, client(), { customerId: customer.id })).toMatchObject({ sent: 0, refused: 1, refusals: [422] });
  return placed.placed[0]!.id;
}

async function stored(orderId: string): Promise<{ lines: { sku: string; qty: number; price: number }[] }[]> {
  const rows = await t.db.query<{ content: { lines: { sku: string; qty: number; price: number }[] } }>(
    'select content from orders where order_id = $1',
    [orderId],
  );
  return rows.map((r) => r.content);
}

describe('an order the bridge refused (422)', () => {
  it('goes again under its id once the buyer accepts the new price, the stock left and a product gone, and is stored once', async () => {
    const [a, b, c] = products as [OrderableProduct, OrderableProduct, OrderableProduct];
    const originals = await t.db.query<{ sku: string; price_cents: number; data: unknown; status: number }>(
      'select sku, price_cents, data, status from products where sku = any($1)',
      [[a.sku, b.sku, c.sku]],
    );
    try {
      const id = await heldOrder(5, async () => {
        await t.db.query('update products set price_cents = price_cents + 11 where sku = $1', [a.sku]);
        await t.db.query(`update products set data = jsonb_set(data, '{stock,qty}', '3') where sku = $1`, [b.sku]);
        await t.db.query('update products set status = 2 where sku = $1', [c.sku]);
      });
      expect(await stored(id)).toEqual([]);
      expect(await acceptHeldOrderChanges(local, id, Date.now())).toEqual({ ok: true });
      const fixed = (await local.orders.findOne(id).exec())!;
      expect(fixed.last_error).toBeUndefined();
      expect(await sendQueuedOrders(local, client(), { customerId: customer.id })).toMatchObject({ sent: 1, refused: 0 });
      const [order] = await stored(id);
      expect(order?.lines.map((l) => [l.sku, l.qty]).sort()).toEqual(
        [
          [a.sku, 5],
          [b.sku, 3],
        ].sort(),
      );
      expect(order?.lines.find((l) => l.sku === a.sku)?.price).toBe(a.price + 11);
      expect(await stored(id)).toHaveLength(1);
    } finally {
      for (const o of originals)
        await t.db.query('update products set price_cents = $2, data = $3, status = $4 where sku = $1', [
          o.sku,
          o.price_cents,
          o.data,
          o.status,
        ]);
    }
  });

  it('stays as it is when accepting cannot settle it (the supplier’s minimum), and can go back to the cart or be deleted', async () => {
    const id = await heldOrder(1, () =>
      t.db.query('update suppliers set minimum_order_cents = 10000000 where id = $1', [Number(supplierId)]),
    );
    const before = (await local.orders.findOne(id).exec())!.toJSON();
    const outcome = await acceptHeldOrderChanges(local, id, Date.now());
    expect(outcome).toMatchObject({ ok: false, unresolved: [expect.objectContaining({ kind: 'minimum_not_reached' })] });
    expect((await local.orders.findOne(id).exec())!.toJSON()).toEqual(before);

    // The device's catalogue, as the catalogue replication would have it.
    await local.products.bulkInsert(
      products.map((p, i) =>
        makeProduct({ sku: p.sku, id: String(9000 + i), name: p.name, supplier_id: supplierId, price: p.price, final_price: p.price }),
      ),
    );
    expect(await returnOrderToCart(local, scope(), id, Date.now(), true)).toEqual({ added: 3, skipped: 0 });
    expect(await local.orders.findOne(id).exec()).toBeNull();
    expect((await local.cart_items.find().exec()).map((l) => l.sku).sort()).toEqual(products.map((p) => p.sku).sort());
    expect(await deleteWaitingOrder(local, id)).toBe(false);
    expect(await stored(id)).toEqual([]);
  });

  it('can be deleted by the buyer, and an order the bridge has cannot', async () => {
    const id = await heldOrder(1, () =>
      t.db.query('update suppliers set minimum_order_cents = 10000000 where id = $1', [Number(supplierId)]),
    );
    expect(await deleteWaitingOrder(local, id)).toBe(true);
    expect(await local.orders.count().exec()).toBe(0);
    expect(await sendQueuedOrders(local, client(), { customerId: customer.id })).toMatchObject({ sent: 0, refused: 0 });
    expect(await stored(id)).toEqual([]);
  });
});
