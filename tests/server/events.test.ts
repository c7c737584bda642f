import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openPglite, openPostgres, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { eventRoutes } from '../../server/routes/events';
import { syncRoutes } from '../../server/routes/sync';
import { seedIfEmpty } from '../../server/seed/seed';
import { LiveEventHub } from '../../server/services/change-feed/live-events';
import { pollingNotifier, postgresNotifier, type ChangeNotifier } from '../../server/services/change-feed/notifier';
import { M } from '../../src/contracts/messages';
import { addMember, createBuyer, createCustomer } from './helpers/factory';
import { orderableProducts, orderBody, orderLine, placeOrderAs } from './helpers/order-api';
import { openTestSession } from './helpers/session';
import { isResync, openStream, type Stream } from './helpers/sse-stream';
import { TEST_JWT_SECRET } from './helpers/test-app';

const changeOf =
  (collection: string) =>
  (m: string): boolean => {
    if (!m.includes('event: change')) return false;
    const data = /^data: (.*)$/m.exec(m)?.[1] ?? '{}';
    return ((JSON.parse(data) as { collections?: string[] }).collections ?? []).includes(collection);
  };

// One PGlite for the whole file (the bridge's own: worker thread, NOTIFY through `listen`); starting one
// costs seconds on a busy machine.
let db: Db;

beforeAll(async () => {
  db = await openPglite(undefined);
  await migrate(db);
  await seedIfEmpty(db, { products: 60 });
});

afterAll(async () => {
  await db?.close();
});

describe('GET /api/events on PGlite (LISTEN through PGlite.listen)', () => {
  let app: FastifyInstance;
  let base: string;
  let token: string;
  let adminToken: string;
  let dataDir: string;
  const open: Stream[] = [];
  const ticketFor = async (accessToken: string): Promise<string> => {
    const res = await app.inject({ method: 'POST', url: '/api/events/ticket', headers: { authorization: `Bearer ${accessToken}` } });
    expect(res.statusCode).toBe(200);
    return (JSON.parse(res.body) as { result: { ticket: string } }).result.ticket;
  };
  const connect = async (query?: string): Promise<Stream> => {
    const s = await openStream(`${base}/api/events?${query ?? `token=${await ticketFor(token)}`}`);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'events-test-'));
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, SEED_PRODUCTS: '0' });
    app = await buildApp({ config, db, logger: false, distDir: path.join(dataDir, 'no-dist') });
    // Until app.ts registers these itself (then they are skipped), the test adds them to the full stack.
    if (!app.hasRoute({ method: 'GET', url: '/api/events' })) await app.register(eventRoutes);
    if (!app.hasRoute({ method: 'GET', url: '/api/sync/v1/:collection' })) await app.register(syncRoutes);
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    token = (await openTestSession(db, (await createCustomer(db)).id)).token;
    adminToken = (await openTestSession(db, (await createCustomer(db, { isAdmin: true })).id)).token;
  });

  afterAll(async () => {
    for (const s of open) s.close();
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a stream without a valid ticket', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/events' });
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body).errors[0].description).toBe(M.notAuthorized);
    const forged = await connect(`token=${await ticketFor(token)}x`);
    expect(forged.status).toBe(401);
  });

  it('opens an uncompressed event stream whose first message is RESYNC', async () => {
    const s = await openStream(`${base}/api/events?token=${await ticketFor(token)}`);
    open.push(s);
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(s.headers['content-encoding']).toBeUndefined();
    await s.waitFor(isResync, 2000);
    expect(isResync(s.messages[0] ?? '')).toBe(true);
  });

  it('tells a connected client within 2 s that products changed when a price changes in the database', async () => {
    const s = await connect();
    await s.waitFor(isResync, 2000);
    const sku = (await db.query<{ sku: string }>('select sku from products where status = 1 and visibility = 4 order by id limit 1'))[0]
      ?.sku;
    const started = Date.now();
    await db.query('update products set price_cents = price_cents + 1 where sku = $1', [sku]);
    const message = await s.waitFor(changeOf('products'), 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(message).toBe('event: change\ndata: {"collections":["products"]}');
  });

  it('announces an admin product change and a supplier change to every connected client', async () => {
    const a = await connect();
    const b = await connect();
    await Promise.all([a.waitFor(isResync, 2000), b.waitFor(isResync, 2000)]);
    const sku =
      (
        await db.query<{ sku: string }>(
          "select sku from products where type_id = 'simple' and status = 1 and visibility = 4 order by id desc limit 1",
        )
      )[0]?.sku ?? '';
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${sku}`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { qty: 3 },
    });
    expect(res.statusCode).toBe(200);
    await Promise.all([a.waitFor(changeOf('products'), 2000), b.waitFor(changeOf('products'), 2000)]);
    await db.query("update suppliers set status = 'locked' where id = 1");
    await Promise.all([a.waitFor(changeOf('suppliers'), 2000), b.waitFor(changeOf('suppliers'), 2000)]);
  });

  it('tells a customer’s own streams, and only theirs, that their cart for a buyer changed', async () => {
    const alice = await createCustomer(db);
    const bob = await createCustomer(db);
    const buyer = await createBuyer(db);
    await addMember(db, buyer.id, alice.id, true);
    await addMember(db, buyer.id, bob.id, false);
    const aliceToken = (await openTestSession(db, alice.id)).token;
    const bobToken = (await openTestSession(db, bob.id)).token;
    const mine = await openStream(`${base}/api/events?token=${await ticketFor(aliceToken)}`);
    const colleagues = await openStream(`${base}/api/events?token=${await ticketFor(bobToken)}`);
    open.push(mine, colleagues);
    await Promise.all([mine.waitFor(isResync, 2000), colleagues.waitFor(isResync, 2000)]);
    const [product] = await db.query<{ sku: string; supplier_id: number }>(
      "select sku, supplier_id from products where type_id = 'simple' and parent_sku is null order by sku limit 1",
    );
    const line = {
      id: 'evt-line-1',
      sku: product!.sku,
      supplier_id: String(product!.supplier_id),
      qty: 2,
      price: 100,
      tax_rate: 24,
      name: 'x',
      type_id: 'simple',
      updated_at: Date.now(),
      _deleted: false,
    };
    const started = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/bridge/buyer/cart/v1/lines/push',
      headers: { authorization: `Bearer ${aliceToken}` },
      payload: { buyer_id: buyer.id, rows: [{ newDocumentState: line }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const message = await mine.waitFor((m) => m.startsWith('event: cart'), 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(message).toBe(`event: cart\ndata: {"buyer_id":"${buyer.id}"}`);
    await new Promise((r) => setTimeout(r, 300));
    expect(colleagues.messages.filter((m) => m.startsWith('event: cart'))).toEqual([]);
  });

  it('tells the customer who placed an order, and nobody else, when it is stored and when its status changes', async () => {
    const alice = await createCustomer(db);
    const bob = await createCustomer(db);
    const buyer = await createBuyer(db);
    await addMember(db, buyer.id, alice.id, true);
    await addMember(db, buyer.id, bob.id, false);
    const aliceToken = (await openTestSession(db, alice.id)).token;
    const mine = await openStream(`${base}/api/events?token=${await ticketFor(aliceToken)}`);
    const colleagues = await openStream(`${base}/api/events?token=${await ticketFor((await openTestSession(db, bob.id)).token)}`);
    open.push(mine, colleagues);
    await Promise.all([mine.waitFor(isResync, 2000), colleagues.waitFor(isResync, 2000)]);
    const [supplierId, products] = [...(await orderableProducts(db, 5)).entries()][0]!;
    await db.query("update suppliers set minimum_order_cents = 0, data = data - 'payment_methods' where id = $1", [Number(supplierId)]);
    const body = orderBody(buyer.id, supplierId, [orderLine(products[0]!, 1)]);
    const placed = await placeOrderAs(app, aliceToken, body);
    expect(placed.statusCode, placed.body).toBe(200);
    const event = `event: orders\ndata: {"buyer_id":"${buyer.id}"}`;
    await mine.waitFor((m) => m === event, 2000);
    const count = () => mine.messages.filter((m) => m === event).length;
    const before = count();
    const backendId = (JSON.parse(placed.body) as { result: { backend_order_id: string } }).result.backend_order_id;
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${backendId}/status`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { status: 'accepted' },
    });
    expect(moved.statusCode).toBe(200);
    await until(() => count() > before, 2000);
    await new Promise((r) => setTimeout(r, 300));
    expect(colleagues.messages.filter((m) => m.startsWith('event: orders'))).toEqual([]);
  });

  it('sends RESYNC again on every reconnect', async () => {
    const first = await connect();
    await first.waitFor(isResync, 2000);
    first.close();
    const again = await connect();
    await again.waitFor(isResync, 2000);
  });
});

/** Collects what the hub writes; the hub and the notifier are the real ones. */
function sink() {
  const written: string[] = [];
  let ended = false;
  return { written, ended: () => ended, write: (c: string) => written.push(c), end: () => (ended = true) };
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('LiveEventHub', () => {
  it('writes a heartbeat comment at the configured interval and ends streams on close', async () => {
    const hub = new LiveEventHub(pollingNotifier(db, 10_000), { heartbeatMs: 50 });
    await hub.ensureStarted();
    const s = sink();
    hub.add(s);
    await until(() => s.written.includes(': heartbeat\n\n'), 2000);
    await hub.close();
    expect(s.ended()).toBe(true);
  });

  it('falls back to polling the feed heads when the database offers no LISTEN, and folds a burst into one event', async () => {
    const hub = new LiveEventHub(pollingNotifier(db, 100), { coalesceMs: 50 });
    await hub.ensureStarted();
    const s = sink();
    hub.add(s);
    await db.exec(
      `insert into store_config (key, value) values ('demo.a', '1'); insert into store_config (key, value) values ('demo.b', '2');`,
    );
    await until(() => s.written.some((w) => w.includes('catalog_meta')), 2000);
    expect(s.written.filter((w) => w.startsWith('event: change'))).toEqual(['event: change\ndata: {"collections":["catalog_meta"]}\n\n']);
    await hub.close();
  });
});

/** NOTIFY on PostgreSQL reaches a dedicated LISTEN connection; runs only when TEST_DATABASE_URL is set. */
const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('LISTEN/NOTIFY on PostgreSQL', () => {
  const schema = `events_${Date.now().toString(36)}_${process.pid}`;
  let pgDb: Db;
  let notifier: ChangeNotifier;
  let scoped: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    for (const ext of ['pg_trgm', 'unaccent']) await admin.query(`create extension if not exists ${ext} schema public`);
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const u = new URL(pgUrl ?? '');
    u.searchParams.set('options', `-c search_path=${schema},public`);
    scoped = u.toString();
    pgDb = await openPostgres(scoped);
    await migrate(pgDb);
  });

  afterAll(async () => {
    await notifier?.stop();
    await pgDb?.close();
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it('hears a change committed through another connection within 2 s', async () => {
    notifier = postgresNotifier(scoped);
    const hub = new LiveEventHub(notifier);
    await hub.ensureStarted();
    const s = sink();
    hub.add(s);
    await pgDb.query("insert into suppliers values (901, 'N', 'n', 'n', 'active', 0, now(), '{}', now())");
    await until(() => s.written.some((w) => w.includes('"suppliers"')), 2000);

    // A cart write reaches only its customer's streams.
    const customer = await createCustomer(pgDb);
    const buyer = await createBuyer(pgDb);
    const theirs = sink();
    const someoneElses = sink();
    hub.add(theirs, customer.id);
    hub.add(someoneElses, 'someone-else');
    await pgDb.query(`insert into cart_suppliers (customer_id, buyer_id, supplier_id, doc, updated_at) values ($1, $2, '901', '{}', 1)`, [
      customer.id,
      buyer.id,
    ]);
    await until(() => theirs.written.some((w) => w.startsWith('event: cart')), 2000);
    expect(theirs.written.filter((w) => w.startsWith('event: cart'))).toEqual([`event: cart\ndata: {"buyer_id":"${buyer.id}"}\n\n`]);
    expect(someoneElses.written.filter((w) => w.startsWith('event: cart'))).toEqual([]);

    // So does an order stored or moved on.
    await pgDb.query(
      `insert into orders (buyer_id, customer_id, order_id, hash, supplier_id, status, payment_method, content, grand_total_cents,
                           confirmation, placed_at)
       values ($1, $2, 'evt-order', 'h', 901, 'pending', 2, '{}', 0, '{}', 1)`,
      [buyer.id, customer.id],
    );
    await pgDb.query("update orders set status = 'accepted' where order_id = 'evt-order'");
    const orderEvent = `event: orders\ndata: {"buyer_id":"${buyer.id}"}\n\n`;
    await until(() => theirs.written.filter((w) => w === orderEvent).length === 2, 2000);
    expect(someoneElses.written.filter((w) => w.startsWith('event: orders'))).toEqual([]);
    await hub.close();
  });
});
