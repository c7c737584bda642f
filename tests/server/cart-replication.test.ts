import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import type { FastifyInstance } from 'fastify';
import { filter, firstValueFrom, timeout } from 'rxjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { seedIfEmpty } from '../../server/seed/seed';
import type { CartLineDoc, CartTotalsResult } from '../../src/contracts/cart';
import { M } from '../../src/contracts/messages';
import { addToCart, removeLine, setLineQuantity, setSupplierComment, type CartProductInput } from '../../src/db/commands/cart';
import { createAppDatabase, type AppDatabase } from '../../src/db/database';
import { watchCart } from '../../src/db/queries/cart';
import type { CartScope, CartView } from '../../src/db/queries/cart-view';
import { fakeAppStorage } from '../../src/db/testing/fake-storage';
import { createBridgeClient } from '../../src/replication/bridge-client';
import { createBridgeEvents } from '../../src/replication/bridge-events';
import { startCartReplication, type CartReplication } from '../../src/replication/cart-replication';
import { checkCartStock } from '../../src/replication/cart-stock';
import { applyCartCoupon, removeCartCoupon, syncCartTotals } from '../../src/replication/cart-totals';
import { fetchEventsTicket, liveCatalogEvents } from '../../src/replication/live-events';
import { createMemoryTokenStore } from '../../src/replication/token-store';
import { addMember, createBuyer, createCustomer } from './helpers/factory';
import { fetchEventSource } from './replication-sse-client';
import { openTestSession } from './helpers/session';
import { TEST_JWT_SECRET } from './helpers/test-app';
import { openTestDb, testDbKind, type TestDb } from './helpers/test-db';

/*
 * The storefront's cart replication against a real bridge (PGlite, listening on a port) with RxDB on
 * fake-indexeddb. One process may hold 13 RxDB collections, so the device under test is one database; the
 * person's other device speaks to the bridge over plain HTTP, as it would on the wire.
 */

let db: TestDb;
let app: FastifyInstance;
let dataDir: string;
let baseUrl: string;
let products: CartProductInput[];
let alice: { id: string; token: string };
let colleague: { id: string; token: string };
let company: string;
let otherCompany: string;

const factory = new IDBFactory();
const opened: { local: AppDatabase; replication?: CartReplication }[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cart-replication-'));
  db = await openTestDb();
  await seedIfEmpty(db, { products: 120 });
  // On PostgreSQL the bridge hears cart changes on a LISTEN connection of its own, which needs the URL.
  const listenUrl = testDbKind() === 'postgresql' ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {};
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, SEED_PRODUCTS: '0', ...listenUrl });
  app = await buildApp({ config, db, logger: false, distDir: path.join(dataDir, 'no-dist') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const a = await createCustomer(db);
  const c = await createCustomer(db);
  company = (await createBuyer(db)).id;
  otherCompany = (await createBuyer(db)).id;
  await addMember(db, company, a.id, true);
  await addMember(db, otherCompany, a.id, false);
  await addMember(db, company, c.id, false);
  alice = { id: a.id, token: (await openTestSession(db, a.id)).token };
  colleague = { id: c.id, token: (await openTestSession(db, c.id)).token };
  const rows = await db.query<{ sku: string; supplier_id: number; price_cents: number; name: string }>(
    "select sku, supplier_id, price_cents, name from products where type_id = 'simple' and parent_sku is null order by supplier_id, sku limit 40",
  );
  products = rows.map((r) => ({
    sku: r.sku,
    supplierId: String(r.supplier_id),
    name: r.name,
    typeId: 'simple',
    price: r.price_cents,
    taxRate: 13,
  }));
}, 120_000);

afterEach(async () => {
  for (const device of opened.splice(0)) {
    await device.replication?.stop();
    await device.local.close();
  }
});

afterAll(async () => {
  await app?.close();
  await db?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A device: one RxDB database, a bridge client whose network can be cut, the cart replication of a scope. */
async function openDevice(name: string, who: { id: string; token: string }, buyerId: string, mode: { live?: boolean } = {}) {
  const network = { online: true, requests: [] as string[] };
  const local = await createAppDatabase({ name, storage: fakeAppStorage(factory), multiInstance: false });
  const client = createBridgeClient({
    baseUrl,
    tokens: createMemoryTokenStore({ accessToken: who.token, refreshToken: 'unused', expiresAt: Date.now() + 900_000 }),
    events: createBridgeEvents(),
    fetch: (input, init) => {
      if (!network.online) return Promise.reject(new TypeError('Failed to fetch'));
      network.requests.push(`${init.method ?? 'GET'} ${new URL(input).pathname}`);
      return fetch(input, init);
    },
  });
  const scope: CartScope = { customerId: who.id, buyerId };
  const device = { local };
  opened.push(device);
  // Live: the bridge's event stream alone tells it to pull (the poll is an hour apart).
  const replication = startCartReplication(local, client, scope, {
    pollMs: mode.live ? 3_600_000 : 500,
    retryMs: 300,
    waitForLeadership: false,
    ...(mode.live
      ? { live$: liveCatalogEvents({ baseUrl, ticket: () => fetchEventsTicket(client), createEventSource: fetchEventSource }) }
      : {}),
  });
  Object.assign(device, { replication });
  const close = async () => {
    opened.splice(opened.indexOf(device), 1);
    await replication.stop();
    await local.close();
  };
  return { local, client, scope, network, replication, close };
}

/** The person's other device, on the wire. */
async function bridge(token: string, method: 'GET' | 'POST', pathAndQuery: string, body?: object) {
  const res = await fetch(`${baseUrl}${pathAndQuery}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as { code: number; result: unknown };
}

async function serverLines(token: string, buyerId: string): Promise<CartLineDoc[]> {
  const answer = await bridge(token, 'GET', `/api/bridge/buyer/cart/pull?buyer_id=${buyerId}`);
  return (answer.result as { lines: CartLineDoc[] }).lines;
}

const shape = (lines: { sku: string; qty: number }[]) => lines.map((l) => `${l.sku}×${l.qty}`).sort();
const viewLines = (v: CartView) => v.suppliers.flatMap((s) => s.lines);

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms: number): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('cart replication against the bridge', () => {
  it('sends lines made offline once the network is back, and the bridge ends equal to the device', async () => {
    const phone = await openDevice('cart-offline', alice, company);
    const a = products[0]!;
    const b = products.find((p) => p.supplierId !== a.supplierId)!;
    const c = products.find((p) => p.sku !== a.sku && p.sku !== b.sku)!;
    await addToCart(phone.local, phone.scope, a, 2, { status: 'ok', qty: 100 }, Date.now());
    await phone.replication.awaitInSync();
    expect(shape(await serverLines(alice.token, company))).toEqual([`${a.sku}×2`]);

    phone.network.online = false;
    await addToCart(phone.local, phone.scope, b, 3, { status: 'volatile' }, Date.now());
    await addToCart(phone.local, phone.scope, c, 1, { status: 'volatile' }, Date.now());
    const offline = await firstValueFrom(watchCart(phone.local, phone.scope).pipe(filter((v) => v.lineCount === 3)));
    const lineA = viewLines(offline).find((l) => l.sku === a.sku)!;
    const lineC = viewLines(offline).find((l) => l.sku === c.sku)!;
    await setLineQuantity(phone.local, phone.scope, lineA.id, 5, { status: 'volatile' }, Date.now());
    await removeLine(phone.local, phone.scope, lineC.id);
    await setSupplierComment(phone.local, phone.scope, b.supplierId, 'Παράδοση μετά τις 10', Date.now());
    expect(shape(await serverLines(alice.token, company))).toEqual([`${a.sku}×2`]);
    phone.network.online = true;
    phone.replication.reSync();
    const started = Date.now();
    const onServer = await until(
      () => serverLines(alice.token, company),
      (lines) => lines.length === 2 && lines.some((l) => l.qty === 5),
      5000,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(shape(onServer)).toEqual([`${a.sku}×5`, `${b.sku}×3`].sort());
    // The supplier's comment travels in its own replication (cart_suppliers), which may land a moment later.
    const comments = await until(
      async () =>
        (
          (await bridge(alice.token, 'GET', `/api/bridge/buyer/cart/pull?buyer_id=${company}`)).result as {
            suppliers: { comment: string }[];
          }
        ).suppliers.map((s) => s.comment),
      (list) => list.length > 0,
      5000,
    );
    expect(comments).toEqual(['Παράδοση μετά τις 10']);
    // Each line was written once: a retried or repeated push does not add it again, and the line added and
    // removed while offline never reaches the bridge at all (its removal has nothing to remove there).
    expect(
      (
        await db.query<{ n: number }>('select count(*)::int as n from cart_lines where customer_id = $1 and buyer_id = $2', [
          alice.id,
          company,
        ])
      )[0]!.n,
    ).toBe(2);
  }, 30_000);

  it('shows another device’s change within 2 seconds, and merges quantities both changed offline', async () => {
    const phone = await openDevice('cart-live', alice, company);
    const view = () => firstValueFrom(watchCart(phone.local, phone.scope));
    const [line] = await until(
      async () => viewLines(await view()),
      (l) => l.length === 2,
      5000,
    );
    const serverLine = (await serverLines(alice.token, company)).find((l) => l.id === line!.id)!;

    // The laptop changes the quantity: the phone shows it within 2 s.
    const laptopState = { ...serverLine, qty: serverLine.qty + 1, updated_at: Date.now() };
    await bridge(alice.token, 'POST', '/api/bridge/buyer/cart/v1/lines/push', {
      buyer_id: company,
      rows: [{ newDocumentState: laptopState, assumedMasterState: serverLine }],
    });
    const started = Date.now();
    await until(
      async () => viewLines(await view()).find((l) => l.id === line!.id)?.qty,
      (q) => q === laptopState.qty,
      2000,
    );
    expect(Date.now() - started).toBeLessThan(2000);

    // Both change it while the phone is offline: +2 on the phone, +3 on the laptop → +5 on both.
    const base = laptopState.qty;
    phone.network.online = false;
    await setLineQuantity(phone.local, phone.scope, line!.id, base + 2, { status: 'volatile' }, Date.now());
    await bridge(alice.token, 'POST', '/api/bridge/buyer/cart/v1/lines/push', {
      buyer_id: company,
      rows: [{ newDocumentState: { ...laptopState, qty: base + 3, updated_at: Date.now() }, assumedMasterState: laptopState }],
    });
    phone.network.online = true;
    phone.replication.reSync();
    await until(
      async () => (await serverLines(alice.token, company)).find((l) => l.id === line!.id)?.qty,
      (q) => q === base + 5,
      5000,
    );
    await until(
      async () => viewLines(await view()).find((l) => l.id === line!.id)?.qty,
      (q) => q === base + 5,
      5000,
    );
  }, 30_000);

  it('pulls at once when the bridge’s event stream says this cart changed on another device', async () => {
    const shop = (await createBuyer(db)).id;
    await addMember(db, shop, alice.id, false);
    const phone = await openDevice('cart-events', alice, shop, { live: true });
    const view = () => firstValueFrom(watchCart(phone.local, phone.scope));
    await addToCart(phone.local, phone.scope, products[33]!, 1, { status: 'volatile' }, Date.now());
    await phone.replication.awaitInSync();
    // The laptop changes the line twice. The first change may come with the stream's opening RESYNC; once it
    // is here the stream is open, so the second can only come by the bridge's cart event.
    let master = (await serverLines(alice.token, shop)).find((l) => l.sku === products[33]!.sku)!;
    for (const step of [7, 3]) {
      const laptopState = { ...master, qty: master.qty + step, updated_at: Date.now() };
      const started = Date.now();
      await bridge(alice.token, 'POST', '/api/bridge/buyer/cart/v1/lines/push', {
        buyer_id: shop,
        rows: [{ newDocumentState: laptopState, assumedMasterState: master }],
      });
      await until(
        async () => viewLines(await view()).find((l) => l.id === master.id)?.qty,
        (q) => q === laptopState.qty,
        2000,
      );
      expect(Date.now() - started).toBeLessThan(2000);
      master = laptopState;
    }
  }, 30_000);

  it('a colleague and another buyer of the same person have carts of their own', async () => {
    const colleagues = await openDevice('cart-colleague', colleague, company);
    await addToCart(colleagues.local, colleagues.scope, products[5]!, 4, { status: 'volatile' }, Date.now());
    await colleagues.replication.awaitInSync();
    expect(shape(await serverLines(colleague.token, company))).toEqual([`${products[5]!.sku}×4`]);
    expect(shape(await serverLines(alice.token, company))).not.toContain(`${products[5]!.sku}×4`);
    // One device at a time: a process holds at most 13 RxDB collections.
    await colleagues.close();

    const other = await openDevice('cart-other-buyer', alice, otherCompany);
    await other.replication.awaitInSync();
    expect(await firstValueFrom(watchCart(other.local, other.scope))).toMatchObject({ count: 0, lineCount: 0 });
  }, 30_000);

  it('checks stock in requests of at most 15 skus and keeps the answers', async () => {
    const phone = await openDevice('cart-stock', alice, otherCompany);
    for (const p of products.slice(10, 30)) await addToCart(phone.local, phone.scope, p, 1, { status: 'volatile' }, Date.now());
    phone.network.requests.length = 0;
    expect(await checkCartStock(phone.local, phone.client, phone.scope, Date.now())).toBe(2);
    expect(phone.network.requests.filter((r) => r.startsWith('GET /api/bridge/stock'))).toHaveLength(2);
    const cart = await firstValueFrom(
      watchCart(phone.local, phone.scope).pipe(
        filter((v) => viewLines(v).every((l) => l.stock !== 'volatile')),
        timeout(5000),
      ),
    );
    expect(viewLines(cart)).toHaveLength(20);
    phone.network.online = false;
    await expect(checkCartStock(phone.local, phone.client, phone.scope, Date.now())).rejects.toThrow();
  }, 30_000);

  it('keeps the bridge totals only for the cart it holds, applies a coupon whose discount holds offline, and shows credit once approved', async () => {
    const shop = (await createBuyer(db)).id;
    await addMember(db, shop, alice.id, false);
    const [couponRow] = await db.query<{ supplier_id: string }>("select supplier_id from coupons where code = 'SUPPLIER10'");
    const eligible = products.filter((p) => p.supplierId === couponRow!.supplier_id);
    const other = products.find((p) => p.supplierId !== couponRow!.supplier_id)!;
    expect(eligible.length).toBeGreaterThan(0);
    const phone = await openDevice('cart-totals', alice, shop);
    const view = () => firstValueFrom(watchCart(phone.local, phone.scope));

    await addToCart(phone.local, phone.scope, eligible[0]!, 2, { status: 'volatile' }, Date.now());
    await addToCart(phone.local, phone.scope, other, 1, { status: 'volatile' }, Date.now());
    expect((await view()).totals.source).toBe('device');
    await phone.replication.awaitInSync();
    expect(await syncCartTotals(phone.local, phone.client, phone.scope, Date.now())).toBe('synced');
    const synced = await view();
    expect(synced.totals.source).toBe('bridge');
    const server = (await bridge(alice.token, 'GET', `/api/bridge/buyer/cart/totals?buyer_id=${shop}`)).result as CartTotalsResult;
    expect(synced.totals.grand_total).toBe(server.grand_total);
    expect(synced.hash).toBe(server.hash);
    // Same hash: nothing is asked again.
    phone.network.requests.length = 0;
    expect(await syncCartTotals(phone.local, phone.client, phone.scope, Date.now())).toBe('fresh');
    expect(phone.network.requests).toEqual([]);

    // A coupon for one supplier's goods: applied on the bridge, its discount computed here too.
    await expect(applyCartCoupon(phone.local, phone.client, phone.scope, 'NOPE', Date.now())).rejects.toMatchObject({
      description: M.couponUnknown,
    });
    await applyCartCoupon(phone.local, phone.client, phone.scope, 'supplier10', Date.now());
    const discounted = await view();
    expect(discounted.coupon).toEqual({ code: 'SUPPLIER10', applied: true });
    const eligibleInclTax = discounted.suppliers.find((s) => s.supplierId === couponRow!.supplier_id)!.subtotalInclTax;
    expect(discounted.totals.discount).toBe(Math.round(eligibleInclTax / 10));
    expect(discounted.totals.source).toBe('bridge');

    // Offline, a quantity change is computed on the device with the same coupon; the bridge agrees once back.
    phone.network.online = false;
    const line = viewLines(discounted).find((l) => l.sku === eligible[0]!.sku)!;
    await setLineQuantity(phone.local, phone.scope, line.id, 5, { status: 'volatile' }, Date.now());
    await expect(syncCartTotals(phone.local, phone.client, phone.scope, Date.now())).rejects.toThrow();
    const offline = await view();
    expect(offline.totals.source).toBe('device');
    expect(offline.totals.discount).toBe(
      Math.round(offline.suppliers.find((s) => s.supplierId === couponRow!.supplier_id)!.subtotalInclTax / 10),
    );
    phone.network.online = true;
    phone.replication.reSync();
    await phone.replication.awaitInSync();
    expect(await syncCartTotals(phone.local, phone.client, phone.scope, Date.now())).toBe('synced');
    const back = await view();
    expect(back.totals).toMatchObject({ source: 'bridge', discount: offline.totals.discount, grand_total: offline.totals.grand_total });

    // Credit (3) appears once the supplier approved credit terms for this buyer and the cart is opened again.
    expect(back.suppliers.flatMap((s) => s.paymentMethods)).not.toContain(3);
    await db.query("insert into credit_terms (buyer_id, supplier_id, status) values ($1, $2, 'approved')", [shop, other.supplierId]);
    expect(await syncCartTotals(phone.local, phone.client, phone.scope, Date.now(), { force: true })).toBe('synced');
    const credit = await view();
    expect(credit.suppliers.find((s) => s.supplierId === other.supplierId)!.paymentMethods).toContain(3);
    expect(credit.suppliers.find((s) => s.supplierId === couponRow!.supplier_id)!.paymentMethods).not.toContain(3);

    await removeCartCoupon(phone.local, phone.client, phone.scope, Date.now());
    expect(await view()).toMatchObject({ coupon: null, totals: { discount: 0 } });
  }, 30_000);
});
