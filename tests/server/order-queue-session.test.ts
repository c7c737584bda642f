import type { AddressInfo } from 'node:net';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../server/seed/seed';
import { M } from '../../src/contracts/messages';
import { addToCart, setSupplierPayment, type CartProductInput } from '../../src/db/commands/cart';
import { placeCartOrders } from '../../src/db/commands/orders';
import { createAppDatabase, type AppDatabase } from '../../src/db/database';
import { createAppBridge } from '../../src/replication/app-bridge';
import { sendQueuedOrders } from '../../src/replication/order-queue';
import { createDatabaseProfileCache } from '../../src/replication/profile-cache';
import { simulatedNetwork } from '../../src/replication/testing/simulated-network';
import { createMemoryTokenStore } from '../../src/replication/token-store';
import { fakeAppStorage } from '../../src/db/testing/fake-storage';
import { SessionController } from '../../src/ui/shared/session/session-controller';
import { addMember, createBuyer, createCustomer, type TestCustomer } from './helpers/factory';
import { MemoryStorage } from './helpers/memory-storage';
import { orderableProducts, TEST_ADDRESS } from './helpers/order-api';
import { openTestSession } from './helpers/session';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Orders queued while the session ran out (docs/decisions/020-orders.md): a rep offline for days comes back
 * with an access token long expired. The queue renews it and sends; when the session itself has ended, the
 * orders wait on the device for that customer, through the silent logout, and go once they sign in again.
 * The real session controller, bridge client and token refresher, RxDB on fake-indexeddb, a real bridge.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
let baseUrl: string;
let company: string;
let rep: TestCustomer;
let products: CartProductInput[];
let devices = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty(t.db, { products: 60 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  rep = await createCustomer(t.db);
  company = (await createBuyer(t.db)).id;
  await addMember(t.db, company, rep.id, true);
  const [supplierId, list] = [...(await orderableProducts(t.db, 100)).entries()][0]!;
  products = list.map((p) => ({ sku: p.sku, supplierId, name: p.name, typeId: 'simple' as const, price: p.price, taxRate: p.taxRate }));
  await t.db.query("update suppliers set minimum_order_cents = 0, data = data - 'payment_methods' where id = $1", [Number(supplierId)]);
}, 120_000);

afterAll(async () => {
  await t.close();
});

/** A storefront on a device: its database, the real session controller, a network the test switches. */
async function storefront(session: { token: string; refreshToken: string; openedAt: number }) {
  const local = await createAppDatabase({
    name: `session-${devices++}`,
    storage: fakeAppStorage(new IDBFactory()),
    multiInstance: false,
  });
  const network = simulatedNetwork((input, init) => fetch(input.replace(/^http:\/\/bridge\.test/, baseUrl), init));
  // The pair as the device stored it when it went offline: the access token lived 15 minutes from then.
  const tokens = createMemoryTokenStore({
    accessToken: session.token,
    refreshToken: session.refreshToken,
    expiresAt: session.openedAt + 900_000,
  });
  const bridge = createAppBridge({
    baseUrl: 'http://bridge.test',
    tokens,
    cookies: { get: () => '', set: () => undefined },
    fetch: network.fetch,
  });
  const controller = new SessionController({
    bridge,
    storage: new MemoryStorage(),
    profiles: createDatabaseProfileCache(() => Promise.resolve(local)),
    reload: () => undefined,
  });
  const lost: string[] = [];
  bridge.events.on('session-lost', () => lost.push('session-lost'));
  return { local, network, bridge, controller, tokens, lost };
}

async function placeOffline(local: AppDatabase, customerId: string, offset: number): Promise<string[]> {
  const scope = { customerId, buyerId: company };
  for (const product of [products[offset % products.length]!, products[(offset + 1) % products.length]!])
    await addToCart(local, scope, product, 1, { status: 'ok', qty: 10_000 }, Date.now());
  await setSupplierPayment(local, scope, products[0]!.supplierId, 2, Date.now());
  const placed = await placeCartOrders(local, { scope, address: TEST_ADDRESS, shippingMethodCode: 'standard', now: Date.now() });
  expect(placed.problems).toEqual([]);
  return placed.placed.map((o) => o.id);
}

async function onBridge(ids: string[]): Promise<number[]> {
  const rows = await t.db.query<{ order_id: string; n: number }>(
    'select order_id, count(*)::int as n from orders where order_id = any($1) group by order_id',
    [ids],
  );
  const counts = new Map(rows.map((r) => [r.order_id, r.n]));
  return ids.map((id) => counts.get(id) ?? 0);
}

const waiting = async (local: AppDatabase, customerId: string) =>
  (await local.orders.find({ selector: { customer_id: customerId, transmited: false } }).exec()).length;

describe('orders queued while the session ran out', () => {
  it('offline for five days: the access token expired long ago, the queue renews it once and sends every order once', async () => {
    const openedAt = Date.now() - 5 * DAY_MS;
    const device = await storefront({ ...(await openTestSession(t.db, rep.id, { nowMs: openedAt })), openedAt });
    try {
      device.network.online = false;
      const ids = [...(await placeOffline(device.local, rep.id, 0)), ...(await placeOffline(device.local, rep.id, 2))];
      expect((await sendQueuedOrders(device.local, device.bridge.client, { customerId: rep.id })).stoppedBy?.code).toBe(0);
      const stale = device.tokens.read()!;
      device.network.online = true;
      expect(await sendQueuedOrders(device.local, device.bridge.client, { customerId: rep.id })).toMatchObject({ sent: 2, refused: 0 });
      expect(await onBridge(ids)).toEqual([1, 1]);
      expect(device.network.delivered.filter((r) => r.endsWith('/user/refresh'))).toHaveLength(1);
      // A fresh pair replaced the one from five days ago; nobody was signed out.
      expect(device.tokens.read()?.accessToken).not.toBe(stale.accessToken);
      expect(device.tokens.read()?.expiresAt).toBeGreaterThan(Date.now());
      expect(device.lost).toEqual([]);
      expect(await waiting(device.local, rep.id)).toBe(0);
    } finally {
      await device.local.close();
    }
  });

  it('offline longer than the session lasts: the orders stay on the device through the silent logout and go once the rep signs in again', async () => {
    const openedAt = Date.now() - 31 * DAY_MS;
    const device = await storefront({ ...(await openTestSession(t.db, rep.id, { nowMs: openedAt })), openedAt });
    try {
      device.network.online = false;
      const ids = await placeOffline(device.local, rep.id, 4);
      device.network.online = true;
      const refused = await sendQueuedOrders(device.local, device.bridge.client, { customerId: rep.id });
      expect(refused).toMatchObject({ sent: 0, stoppedBy: expect.objectContaining({ code: 401, description: M.tokenRefreshFailed }) });
      // The session is lost: the controller signs out silently and clears the buyer's data, but not the queue.
      expect(device.lost).toEqual(['session-lost']);
      await expect.poll(() => device.tokens.read()).toBeNull();
      await expect.poll(() => device.local.cart_items.count().exec()).toBe(0);
      expect(await waiting(device.local, rep.id)).toBe(1);
      expect(await onBridge(ids)).toEqual([0]);

      // A colleague signing in on the same device does not send the rep's orders.
      const colleague = await createCustomer(t.db);
      await addMember(t.db, company, colleague.id);
      await device.controller.login(colleague.email, colleague.password);
      expect(await sendQueuedOrders(device.local, device.bridge.client, { customerId: colleague.id })).toMatchObject({ sent: 0 });
      await device.controller.logout({ silent: true });
      expect(await waiting(device.local, rep.id)).toBe(1);

      await device.controller.login(rep.email, rep.password);
      expect(await sendQueuedOrders(device.local, device.bridge.client, { customerId: rep.id })).toMatchObject({ sent: 1, refused: 0 });
      expect(await onBridge(ids)).toEqual([1]);
      expect(await waiting(device.local, rep.id)).toBe(0);
    } finally {
      await device.local.close();
    }
  });
});
