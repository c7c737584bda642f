import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openPostgres, type Db } from '../../server/db/client';
import { databaseLimitStore } from '../../server/http/limit-store';
import { seedIfEmpty } from '../../server/seed/seed';
import { addMember, createBuyer, createCustomer, type TestBuyer, type TestCustomer } from './helpers/factory';
import { openTestSession } from './helpers/session';
import { openStream, type Stream } from './helpers/sse-stream';
import { TEST_JWT_SECRET } from './helpers/test-app';
import { openTestDb, testDbKind, type TestDb } from './helpers/test-db';

/**
 * Two bridge instances on one PostgreSQL behind one port (docs/decisions/027-several-bridge-instances.md).
 * Each instance has its own connection pool, its own LISTEN connection and its own memory, as two
 * processes would; in front, a round-robin reverse proxy like nginx's `upstream` (it appends the peer's
 * address to X-Forwarded-For, which the instances trust from loopback only) sends each request to the next
 * instance and names the one that answered in `x-served-by`. PGlite is one process on one data directory
 * (a second bridge on it is refused, tests/server/data-dir-lock.test.ts): there is nothing to share, so on
 * PGlite this file is reported as skipped.
 */
const onPostgres = testDbKind() === 'postgresql';

type Answer = { status: number; servedBy: string; body: string; json: () => { result?: unknown; errors?: unknown } };

/** Round robin over `backends`, one request at a time in order (requests of this file are sequential). */
function roundRobinProxy(backends: Array<{ name: string; port: number }>): Promise<http.Server> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const backend = backends[next++ % backends.length] ?? backends[0];
    if (!backend) throw new Error('no backend');
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwarded },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': backend.name });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
    res.on('close', () => upstream.destroy());
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.skipIf(!onPostgres)('two bridge instances on one PostgreSQL behind one port', () => {
  let db: TestDb;
  let secondPool: Db;
  const instances: FastifyInstance[] = [];
  let proxy: http.Server;
  let base: string;
  let customer: TestCustomer;
  let admin: TestCustomer;
  let buyer: TestBuyer;

  /** One request through the proxy, on a connection of its own (so the round robin decides, not keep-alive). */
  async function send(method: string, url: string, options: { token?: string; body?: unknown; client?: string } = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'x-forwarded-for': options.client ?? '10.27.0.1' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...headers, connection: 'close' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const body = await res.text();
    return { status: res.status, servedBy: res.headers.get('x-served-by') ?? '', body, json: () => JSON.parse(body) };
  }

  const signIn = async (who: TestCustomer, client?: string): Promise<Answer> =>
    send('POST', '/api/client/user/login', { body: { username: who.email, password: who.password }, client });

  beforeAll(async () => {
    db = await openTestDb();
    await seedIfEmpty(db, { products: 300 });
    customer = await createCustomer(db);
    admin = await createCustomer(db, { isAdmin: true });
    buyer = await createBuyer(db);
    await addMember(db, buyer.id, customer.id, true);
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.searchParams.set('options', `-c search_path=${db.schema},public`);
    // The second instance opens its own pool, as a second process would.
    secondPool = await openPostgres(url.toString());
    const config = loadConfig({
      DATA_DIR: path.join('/tmp', `several-instances-${randomUUID()}`),
      DATABASE_URL: url.toString(),
      JWT_SECRET: TEST_JWT_SECRET,
      TRUST_PROXY: 'loopback',
      LOGIN_ATTEMPTS_PER_ADDRESS: '4',
      SEARCH_BURST: '3',
      SEARCH_RATE_PER_SECOND: '0.01',
    });
    for (const instanceDb of [db, secondPool]) {
      const app = await buildApp({ config, db: instanceDb, logger: false, distDir: '/nonexistent', events: { sessionCheckMs: 500 } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      instances.push(app);
    }
    proxy = await roundRobinProxy(
      instances.map((app, i) => ({ name: i === 0 ? 'a' : 'b', port: (app.server.address() as AddressInfo).port })),
    );
    base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
    for (const app of instances) await app.close();
    await secondPool?.close();
    await db?.dispose();
  });

  it('alternates between the two instances', async () => {
    const served = [];
    for (let i = 0; i < 4; i += 1) served.push((await send('GET', '/api/health')).servedBy);
    expect(new Set(served)).toEqual(new Set(['a', 'b']));
    expect(served[0]).not.toBe(served[1]);
  });

  it('a sign-in on one instance is valid on the other', async () => {
    const login = await signIn(customer, '10.27.1.1');
    expect(login.status).toBe(200);
    const token = login.json().result as string;
    const asked = [await send('GET', '/api/bridge/user/me', { token }), await send('GET', '/api/bridge/user/me', { token })];
    expect(asked.map((a) => a.status)).toEqual([200, 200]);
    expect(new Set([login.servedBy, ...asked.map((a) => a.servedBy)])).toEqual(new Set(['a', 'b']));
  });

  it('a rate limit counts across both: sign-ins per address and searches per customer', async () => {
    // LOGIN_ATTEMPTS_PER_ADDRESS=4: the fifth attempt from one address is refused, wherever it lands.
    const attempts: Answer[] = [];
    for (let i = 0; i < 5; i += 1) {
      attempts.push(await signIn({ ...customer, email: `nobody-${i}@example.gr` }, '10.27.2.1'));
    }
    expect(attempts.map((a) => a.status)).toEqual([401, 401, 401, 401, 429]);
    expect(new Set(attempts.map((a) => a.servedBy))).toEqual(new Set(['a', 'b']));
    // Per instance, each would have counted 2 or 3 and let the fifth through.
    expect((await signIn(customer, '10.27.2.2')).status).toBe(200);

    // SEARCH_BURST=3, refilled at 0.01 a second: the fourth search of one customer is refused.
    const token = (await signIn(customer, '10.27.2.3')).json().result as string;
    const searches: Answer[] = [];
    for (let i = 0; i < 4; i += 1) {
      searches.push(await send('POST', '/api/catalog/product/_search', { token, body: { query: { text: 'καφές' }, size: 5 } }));
    }
    expect(searches.map((s) => s.status)).toEqual([200, 200, 200, 429]);
    expect(new Set(searches.map((s) => s.servedBy))).toEqual(new Set(['a', 'b']));
  });

  it('a catalogue change made through one instance reaches a search and a live-events stream on the other', async () => {
    const [product] = await db.query<{ sku: string }>(
      "select sku from products where type_id = 'simple' and parent_sku is null and status = 1 and visibility = 4 order by id limit 1",
    );
    const sku = product?.sku ?? '';
    const adminToken = (await signIn(admin, '10.27.3.1')).json().result as string;
    const token = (await signIn(customer, '10.27.3.2')).json().result as string;

    // The ticket may come from either instance; the stream is held by one of them.
    const ticket = (await send('POST', '/api/events/ticket', { token })).json().result as { ticket: string };
    const streamOwner = await nextServedBy();
    let stream: Stream | undefined;
    try {
      stream = await openStream(`${base}/api/events?token=${encodeURIComponent(ticket.ticket)}`);
      expect(stream.status).toBe(200);
      expect(stream.headers['x-served-by']).toBe(streamOwner);

      // Warm the search answer cache of both instances, then change the price through the other one.
      const search = async (): Promise<Answer> =>
        send('POST', '/api/catalog/product/_search', { token: await searchToken(), body: { query: { text: sku }, size: 1 } });
      const before = [await search(), await search()];
      expect(before.map((b) => b.status)).toEqual([200, 200]);
      const patch = await send('PATCH', `/api/admin/products/${encodeURIComponent(sku)}`, { token: adminToken, body: { price: 4321 } });
      expect(patch.status).toBe(200);
      expect(patch.servedBy).not.toBe(streamOwner);

      await stream.waitFor((m) => m.includes('event: change') && m.includes('"products"'), 5000);
      // Each instance drops its cached answers once it sees the feed advance (at most a second later).
      await expect
        .poll(
          async () => {
            const both = [await search(), await search()];
            return { servedBy: new Set(both.map((s) => s.servedBy)), prices: both.map((s) => priceIn(s.body, sku)) };
          },
          { timeout: 5000, interval: 250 },
        )
        .toEqual({ servedBy: new Set(['a', 'b']), prices: [43.21, 43.21] });
    } finally {
      stream?.close();
    }
  });

  it('a cart written through one instance is pulled through the other', async () => {
    const token = (await signIn(customer, '10.27.4.1')).json().result as string;
    const [product] = await db.query<{ sku: string; supplier_id: number; name: string }>(
      "select sku, supplier_id, name from products where type_id = 'simple' and parent_sku is null and status = 1 order by id limit 1",
    );
    const line = {
      id: randomUUID(),
      sku: product?.sku ?? '',
      supplier_id: String(product?.supplier_id ?? ''),
      qty: 3,
      price: 1250,
      tax_rate: 24,
      name: product?.name ?? '',
      type_id: 'simple',
      updated_at: Date.now(),
      _deleted: false,
    };
    const push = await send('POST', '/api/bridge/buyer/cart/v1/lines/push', {
      token,
      body: { buyer_id: buyer.id, rows: [{ newDocumentState: line }] },
    });
    expect(push.status).toBe(200);
    expect(push.json().result).toEqual({ conflicts: [] });
    const pull = await send('GET', `/api/bridge/buyer/cart/v1/lines/pull?buyer_id=${buyer.id}&after=0`, { token });
    expect(pull.status).toBe(200);
    expect(pull.servedBy).not.toBe(push.servedBy);
    const documents = (pull.json().result as { documents: Array<{ id: string; qty: number }> }).documents;
    expect(documents.map((d) => [d.id, d.qty])).toEqual([[line.id, 3]]);
  });

  /** The instance the next request will reach, found by asking (the round robin then moves past it). */
  async function nextServedBy(): Promise<string> {
    const probe = await send('GET', '/api/health');
    return probe.servedBy === 'a' ? 'b' : 'a';
  }

  /**
   * Searches are limited to a burst of 3 per customer here: each search of this test is a new customer's,
   * whose session is opened in the database (a sign-in request would move the round robin on).
   */
  async function searchToken(): Promise<string> {
    return (await openTestSession(db, (await createCustomer(db)).id)).token;
  }
});

describe.skipIf(!onPostgres)('the shared limit store (rows in PostgreSQL)', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => db?.dispose());

  it('a bucket gives its burst, then refills at its rate on the database clock', async () => {
    const store = databaseLimitStore(db);
    try {
      const take = () => store.take('probe', 'customer-1', 10, 2);
      expect([await take(), await take()]).toEqual([0, 0]);
      const wait = await take();
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(100);
      await new Promise((resolve) => setTimeout(resolve, wait + 50));
      expect(await take()).toBe(0);
      // Another key has its own bucket.
      expect(await store.take('probe', 'customer-2', 10, 2)).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('a window counts, gives back, and starts again when it ends', async () => {
    const store = databaseLimitStore(db);
    try {
      const hit = () => store.hit('probe/300', '10.0.0.1', 300);
      expect((await hit()).count).toBe(1);
      const second = await hit();
      expect(second.count).toBe(2);
      expect(second.msLeft).toBeGreaterThan(0);
      expect(second.msLeft).toBeLessThanOrEqual(300);
      await store.refund('probe/300', '10.0.0.1');
      expect((await hit()).count).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await hit()).count).toBe(1);
    } finally {
      await store.close();
    }
  });
});

function priceIn(body: string, sku: string): number | undefined {
  const items = (JSON.parse(body) as { result?: { items?: Array<{ sku?: string; price?: number }> } }).result?.items ?? [];
  return items.find((i) => i.sku === sku)?.price;
}

if (!onPostgres) {
  // Reported with the skipped suite above: the file's subject needs PostgreSQL (TEST_DATABASE_URL, TEST_DB=postgresql).
  describe('two bridge instances on one PostgreSQL behind one port', () => {
    it.skip('runs only in the PostgreSQL pass: embedded PGlite is one process on one data directory', () => undefined);
  });
}
