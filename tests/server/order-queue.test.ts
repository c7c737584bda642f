import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { seedIfEmpty } from '../../server/seed/seed';
import { M } from '../../src/contracts/messages';
import { addToCart, setSupplierPayment, type CartProductInput } from '../../src/db/commands/cart';
import { placeCartOrders } from '../../src/db/commands/orders';
import { createAppDatabase, type AppDatabase } from '../../src/db/database';
import type { CartScope } from '../../src/db/queries/cart-view';
import { fakeAppStorage } from '../../src/db/testing/fake-storage';
import type { OrderAddress } from '../../src/domain/order/order';
import { createBridgeClient } from '../../src/replication/bridge-client';
import { createBridgeEvents } from '../../src/replication/bridge-events';
import { pullOrders } from '../../src/replication/order-pull';
import { isSendable, sendOrder, sendQueuedOrders } from '../../src/replication/order-queue';
import { simulatedNetwork } from '../../src/replication/testing/simulated-network';
import { createMemoryTokenStore } from '../../src/replication/token-store';
import { addMember, createBuyer, createCustomer } from './helpers/factory';
import { orderableProducts, TEST_ADDRESS } from './helpers/order-api';
import { openTestSession } from './helpers/session';
import { TEST_JWT_SECRET } from './helpers/test-app';
import { openTestDb, testDbKind, type TestDb } from './helpers/test-db';

/*
 * The storefront's order queue against a real bridge (listening on a port) with RxDB on fake-indexeddb and
 * the simulated network of src/replication/testing: every order placed on the device reaches the bridge
 * exactly once, whatever the network, a reload or the bridge does in between (docs/decisions/020-orders.md).
 */

let db: TestDb;
let app: FastifyInstance;
let dataDir: string;
let baseUrl: string;
let customer: { id: string; token: string };
let company: string;
let bySupplier: Map<string, CartProductInput[]>;
let suppliers: [string, string];

const address: OrderAddress = TEST_ADDRESS;

async function startBridge(): Promise<void> {
  const listenUrl = testDbKind() === 'postgresql' ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {};
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, SEED_PRODUCTS: '0', ...listenUrl });
  app = await buildApp({ config, db, logger: false, distDir: path.join(dataDir, 'no-dist') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'order-queue-'));
  db = await openTestDb();
  await seedIfEmpty(db, { products: 120 });
  await startBridge();
  const c = await createCustomer(db);
  company = (await createBuyer(db)).id;
  await addMember(db, company, c.id, true);
  customer = { id: c.id, token: (await openTestSession(db, c.id)).token };
  bySupplier = new Map();
  for (const [id, list] of await orderableProducts(db, 200)) {
    bySupplier.set(
      id,
      list.map((p) => ({ sku: p.sku, supplierId: id, name: p.name, typeId: 'simple' as const, price: p.price, taxRate: p.taxRate })),
    );
  }
  const chosen = [...bySupplier.keys()].slice(0, 2);
  suppliers = [chosen[0]!, chosen[1]!];
  // Payment methods and minimums are the bridge's to check; these tests are about delivery.
  await db.query("update suppliers set minimum_order_cents = 0, data = data - 'payment_methods' where id = any($1)", [
    suppliers.map(Number),
  ]);
}, 120_000);

const opened: AppDatabase[] = [];
afterEach(async () => {
  for (const local of opened.splice(0)) await local.close();
});

afterAll(async () => {
  await app?.close();
  await db?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

let devices = 0;

/** A device: its IndexedDB (kept across reloads), its RxDB database and a bridge client on a simulated network. */
function device(factory = new IDBFactory()) {
  const network = simulatedNetwork((input, init) => fetch(input.replace(/^http:\/\/bridge\.test/, baseUrl), init));
  const client = createBridgeClient({
    baseUrl: 'http://bridge.test',
    tokens: createMemoryTokenStore({ accessToken: customer.token, refreshToken: 'unused', expiresAt: Date.now() + 900_000 }),
    events: createBridgeEvents(),
    fetch: network.fetch,
  });
  devices += 1;
  const name = `device-${devices}`;
  return {
    factory,
    network,
    client,
    async open(): Promise<AppDatabase> {
      const local = await createAppDatabase({ name, storage: fakeAppStorage(factory), multiInstance: false });
      opened.push(local);
      return local;
    },
  };
}
type Device = ReturnType<typeof device>;

const scope = (): CartScope => ({ customerId: customer.id, buyerId: company });

/** Adds `count` products of each supplier named and places the cart; returns the ids of the orders queued. */
async function fillAndPlace(local: AppDatabase, supplierIds: string[], offset = 0, count = 2): Promise<string[]> {
  for (const supplierId of supplierIds) {
    const products = bySupplier.get(supplierId)!;
    for (let i = 0; i < count; i += 1) {
      const product = products[(offset + i) % products.length]!;
      expect(await addToCart(local, scope(), product, 1 + ((offset + i) % 3), { status: 'ok', qty: 10_000 }, Date.now())).toMatchObject({
        ok: true,
      });
    }
    await setSupplierPayment(local, scope(), supplierId, 2, Date.now());
  }
  const result = await placeCartOrders(local, { scope: scope(), address, shippingMethodCode: 'standard', now: Date.now() });
  expect(result.problems).toEqual([]);
  return result.placed.map((o) => o.id);
}

async function onBridge(ids: readonly string[]): Promise<Map<string, number>> {
  const rows = await db.query<{ order_id: string; n: number }>(
    'select order_id, count(*)::int as n from orders where order_id = any($1) group by order_id',
    [[...ids]],
  );
  return new Map(rows.map((r) => [r.order_id, r.n]));
}

async function companyOrders(): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from orders where buyer_id = $1', [company]);
  return row?.n ?? 0;
}

async function queued(local: AppDatabase): Promise<number> {
  return (await local.orders.find({ selector: { customer_id: customer.id, transmited: false } }).exec()).length;
}

describe('the order queue', () => {
  it('sends 3 orders for 2 suppliers placed offline, across two reloads, exactly once each', async () => {
    const d = device();
    d.network.online = false;
    let local = await d.open();
    const ids = [...(await fillAndPlace(local, suppliers)), ...(await fillAndPlace(local, [suppliers[0]], 5))];
    expect(ids).toHaveLength(3);
    expect(await local.cart_items.count().exec()).toBe(0);
    // Offline, the queue stops at the first order and keeps everything.
    const offline = await sendQueuedOrders(local, d.client, { customerId: customer.id });
    expect(offline).toMatchObject({ sent: 0, stoppedBy: expect.objectContaining({ code: 0 }) });
    for (let reload = 0; reload < 2; reload += 1) {
      await local.close();
      opened.splice(opened.indexOf(local), 1);
      local = await d.open();
      expect(await queued(local)).toBe(3);
    }
    d.network.online = true;
    expect(await sendQueuedOrders(local, d.client, { customerId: customer.id })).toMatchObject({ sent: 3, refused: 0 });
    expect([...(await onBridge(ids)).values()]).toEqual([1, 1, 1]);
    const sent = await local.orders.findByIds(ids).exec();
    for (const id of ids)
      expect(sent.get(id)).toMatchObject({ transmited: true, status: 'pending', backend_order_id: expect.stringMatching(/^\d+$/) });
    expect(await queued(local)).toBe(0);
  });

  it('sends an order once when its answer was lost after the bridge stored it, or the request arrived twice', async () => {
    const d = device();
    const local = await d.open();
    const [first] = await fillAndPlace(local, [suppliers[1]], 1, 1);
    d.network.loseResponses(1, /\/order$/);
    const lost = await sendQueuedOrders(local, d.client, { customerId: customer.id });
    expect(lost.stoppedBy?.description).toBe(M.checkNetwork);
    expect(await onBridge([first!])).toEqual(new Map([[first!, 1]]));
    expect(await queued(local)).toBe(1);
    expect(await sendQueuedOrders(local, d.client, { customerId: customer.id })).toMatchObject({ sent: 1, refused: 0 });
    expect(await onBridge([first!])).toEqual(new Map([[first!, 1]]));

    const [second] = await fillAndPlace(local, [suppliers[1]], 2, 1);
    d.network.duplicateRequests(1, /\/order$/);
    expect(await sendQueuedOrders(local, d.client, { customerId: customer.id })).toMatchObject({ sent: 1, refused: 0 });
    expect(d.network.delivered.filter((r) => r.endsWith('/order'))).toHaveLength(4);
    expect(await onBridge([second!])).toEqual(new Map([[second!, 1]]));
  });

  it('keeps orders on the device when the session is refused, and sends them once signed in again', async () => {
    const d = device();
    const local = await d.open();
    const ids = await fillAndPlace(local, suppliers, 3, 1);
    d.network.unauthorized(1, /\/order$/);
    const refused = await sendQueuedOrders(local, d.client, { customerId: customer.id });
    expect(refused.stoppedBy?.code).toBe(401);
    expect(await queued(local)).toBe(2);
    expect(await sendQueuedOrders(local, d.client, { customerId: customer.id })).toMatchObject({ sent: 2, refused: 0 });
    expect([...(await onBridge(ids)).values()]).toEqual([1, 1]);
  });

  it('two tabs send the same queued order at the same moment: the bridge stores it once, the device sees it sent', async () => {
    // Tabs of one browser share its IndexedDB; RxDB's open-source edition holds one such database per test
    // process, so the second tab is a second bridge client sending the order from the same database.
    const a = device();
    const local = await a.open();
    const b = simulatedNetwork((input, init) => fetch(input.replace(/^http:\/\/bridge\.test/, baseUrl), init));
    const otherTab = createBridgeClient({
      baseUrl: 'http://bridge.test',
      tokens: createMemoryTokenStore({ accessToken: customer.token, refreshToken: 'unused', expiresAt: Date.now() + 900_000 }),
      events: createBridgeEvents(),
      fetch: b.fetch,
    });
    const [id] = await fillAndPlace(local, [suppliers[0]], 7, 1);
    const order = (await local.orders.findOne(id!).exec())!.toMutableJSON();
    const [run, other] = await Promise.all([
      sendQueuedOrders(local, a.client, { customerId: customer.id }),
      sendOrder(local, otherTab, order, () => Date.now()),
    ]);
    expect(run).toMatchObject({ sent: 1, refused: 0 });
    expect(other).toBe('sent');
    expect(a.network.delivered.concat(b.delivered).filter((r) => r.endsWith('/order')).length).toBeGreaterThanOrEqual(1);
    expect(await onBridge([id!])).toEqual(new Map([[id!, 1]]));
    expect(await local.orders.findOne(id!).exec()).toMatchObject({ transmited: true, backend_order_id: expect.stringMatching(/^\d+$/) });
  });

  it('holds an order the bridge refuses with 422 for the buyer, with its problems, and goes on with the next', async () => {
    const d = device();
    const local = await d.open();
    const [stale] = await fillAndPlace(local, [suppliers[0]], 9, 1);
    const [fine] = await fillAndPlace(local, [suppliers[1]], 9, 1);
    const sku = (await local.orders.findOne(stale!).exec())!.products[0]!.sku as string;
    await db.query('update products set price_cents = price_cents + 7 where sku = $1', [sku]);
    try {
      expect(await sendQueuedOrders(local, d.client, { customerId: customer.id })).toMatchObject({ sent: 1, refused: 1 });
      const held = (await local.orders.findOne(stale!).exec())!;
      expect(held.transmited).toBe(false);
      expect(held.last_error).toMatchObject({
        code: 422,
        description: M.orderNeedsChanges,
        problems: [expect.objectContaining({ kind: 'price_changed', sku })],
      });
      expect(isSendable(held.toMutableJSON())).toBe(false);
      // The queue does not send it again by itself.
      expect(await sendQueuedOrders(local, d.client, { customerId: customer.id })).toMatchObject({ sent: 0, refused: 0 });
      expect(await onBridge([stale!, fine!])).toEqual(new Map([[fine!, 1]]));
    } finally {
      await db.query('update products set price_cents = price_cents - 7 where sku = $1', [sku]);
    }
  });

  it('places nothing twice when "Place order" is pressed again before the lines left the cart', async () => {
    const d = device();
    const local = await d.open();
    const products = bySupplier.get(suppliers[0])!;
    await addToCart(local, scope(), products[0]!, 2, { status: 'ok', qty: 10_000 }, Date.now());
    await setSupplierPayment(local, scope(), suppliers[0], 1, Date.now());
    const lines = await local.cart_items.find().exec();
    const input = { scope: scope(), address, shippingMethodCode: 'standard', now: Date.now() };
    const first = await placeCartOrders(local, input);
    // A crash between queuing the order and removing its lines: the lines come back.
    await local.cart_items.bulkInsert(lines.map((l) => l.toMutableJSON()));
    await setSupplierPayment(local, scope(), suppliers[0], 1, Date.now());
    const again = await placeCartOrders(local, input);
    expect(first.placed).toHaveLength(1);
    expect(again).toMatchObject({ placed: [], alreadyQueued: [suppliers[0]] });
    expect(await queued(local)).toBe(1);
  });
});

describe('pulling the buyer’s orders', () => {
  it('recognises as sent an order whose answer never came, and shows a status an administrator set', async () => {
    const d = device();
    const local = await d.open();
    const [id] = await fillAndPlace(local, [suppliers[1]], 11, 1);
    d.network.loseResponses(1, /\/order$/);
    expect((await sendQueuedOrders(local, d.client, { customerId: customer.id })).stoppedBy?.code).toBe(0);
    expect(await queued(local)).toBe(1);
    // Another sender (the service worker, another tab) may have done the rest; the pull tells the device.
    expect(await pullOrders(local, d.client, scope())).toBeGreaterThanOrEqual(1);
    const pulled = (await local.orders.findOne(id!).exec())!;
    expect(pulled).toMatchObject({
      transmited: true,
      status: 'pending',
      supplier_id: suppliers[1],
      backend_order_id: expect.stringMatching(/^\d+$/),
    });
    expect(pulled.request).toBeDefined();
    expect(await queued(local)).toBe(0);
    expect(d.network.delivered.filter((r) => r.endsWith('/order'))).toHaveLength(1);

    const admin = await createCustomer(db, { isAdmin: true });
    const adminToken = (await openTestSession(db, admin.id)).token;
    const res = await fetch(`${baseUrl}/api/admin/orders/${pulled.backend_order_id}/status`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'accepted' }),
    });
    expect(res.status).toBe(200);
    expect(await pullOrders(local, d.client, scope())).toBe(1);
    expect((await local.orders.findOne(id!).exec())?.status).toBe('accepted');
    // Nothing new: nothing pulled.
    expect(await pullOrders(local, d.client, scope())).toBe(0);
  });
});

describe('any sequence of placing, network trouble, reloads and bridge restarts (fast-check)', () => {
  type Step =
    | { kind: 'place'; supplier: 0 | 1; offset: number }
    | { kind: 'offline' }
    | { kind: 'online' }
    | { kind: 'loseNextAnswer' }
    | { kind: 'send' }
    | { kind: 'reload' }
    | { kind: 'restartBridge' }
    | { kind: 'secondTab' };

  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant('place' as const), supplier: fc.constantFrom(0 as const, 1 as const), offset: fc.nat(20) }),
    fc.constant({ kind: 'offline' as const }),
    fc.constant({ kind: 'online' as const }),
    fc.constant({ kind: 'loseNextAnswer' as const }),
    fc.constant({ kind: 'send' as const }),
    fc.constant({ kind: 'reload' as const }),
    fc.constant({ kind: 'restartBridge' as const }),
    fc.constant({ kind: 'secondTab' as const }),
  );

  it('ends with every order on the bridge exactly once and nothing left queued', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const d: Device = device();
        let local = await d.open();
        let secondTab = false;
        const placedIds: string[] = [];
        const before = await companyOrders();
        try {
          for (const s of steps) {
            if (s.kind === 'place') placedIds.push(...(await fillAndPlace(local, [suppliers[s.supplier]], s.offset, 1)));
            if (s.kind === 'offline') d.network.online = false;
            if (s.kind === 'online') d.network.online = true;
            if (s.kind === 'loseNextAnswer') d.network.loseResponses(1, /\/order$/);
            if (s.kind === 'send') {
              // With a second tab open, it sends the oldest queued order at the same moment.
              const oldest = secondTab
                ? await local.orders.findOne({ selector: { transmited: false }, sort: [{ created_at: 'asc' }] }).exec()
                : null;
              await Promise.all([
                sendQueuedOrders(local, d.client, { customerId: customer.id }),
                oldest ? sendOrder(local, d.client, oldest.toMutableJSON(), () => Date.now()).catch(() => 'stopped') : null,
              ]);
            }
            if (s.kind === 'reload') {
              await local.close();
              opened.splice(opened.indexOf(local), 1);
              local = await d.open();
            }
            if (s.kind === 'restartBridge') {
              await app.close();
              await startBridge();
            }
            if (s.kind === 'secondTab') secondTab = true;
          }
          d.network.heal();
          for (let round = 0; round < 3 && (await queued(local)) > 0; round += 1)
            await sendQueuedOrders(local, d.client, { customerId: customer.id });
          expect(await queued(local)).toBe(0);
          const counts = await onBridge(placedIds);
          expect(placedIds.map((id) => counts.get(id) ?? 0)).toEqual(placedIds.map(() => 1));
          // And nothing else: no order under another id.
          expect((await companyOrders()) - before).toBe(placedIds.length);
        } finally {
          opened.splice(opened.indexOf(local), 1);
          await local.close();
        }
      }),
      { numRuns: 40, seed: 20261126 },
    );
  }, 240_000);
});
