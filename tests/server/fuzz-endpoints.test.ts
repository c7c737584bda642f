import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_ENTITIES } from '../../src/contracts/search';
import { SYNC_COLLECTIONS } from '../../src/contracts/sync';
import { seedIfEmpty } from '../../server/seed/seed';
import { addMember, createBuyer, createCustomer, TEST_PASSWORD, uniqueAfm, uniqueEmail } from './helpers/factory';
import { hostileJson, hostileSegment, hostileString, mutated, pathsOf, RAW_BODIES, toJsonText } from './helpers/fuzz-inputs';
import { createTestApp, json, type TestApp } from './helpers/test-app';

/**
 * Every endpoint, fuzzed: no input may make the bridge answer 5xx. Routes are discovered as the app adds
 * them (buildApp's `onRoute`), so a route added later is fuzzed too without editing this file; a route
 * with no sample below still gets generic hostile inputs. Fixed seed, fixed number of requests per route.
 * Requests go over real HTTP (the event stream never ends; only its status line is read).
 */

const SEED = 20_261_124;
/** Routes with a known valid body or query get more requests, the more fields it has the more. */
const runsForSample = (fields: number): number => Math.min(500, 60 + 10 * fields);
const RUNS_PER_ROUTE = 80;
const RUNS_PER_HEAD_ROUTE = 20;
const NOT_FOUND_RUNS = 60;
/** Statuses counted in a column of their own in the printed table; others by class (2xx, 3xx, …). */
const STATUS_COLUMNS = [200, 400, 401, 403, 404, 413, 415, 429];

type Route = { method: string; url: string };
type Auth = 'valid' | 'none' | 'garbage' | 'query';
type FuzzRequest = { method: string; path: string; headers: Record<string, string>; body?: string | Buffer; auth: Auth };
type Outcome = { status: number; code?: string; snippet: string };

let t: TestApp;
let port = 0;
let distDir: string;
const routes: Route[] = [];
const known: Record<string, string[]> = {
  entity: [...SEARCH_ENTITIES],
  collection: [...SYNC_COLLECTIONS],
  sku: ['SKU-1'],
  slug: ['some-product'],
  size: ['gallery', 'thumbnail'],
  id: ['1'],
  buyer_id: [],
};

/** Valid bodies (and queries) of the routes we know, mutated field by field. Keys are "METHOD url". */
function samples(email: string, loginTarget: string): Record<string, { body?: Record<string, unknown>; query?: Record<string, string> }> {
  const afm = uniqueAfm();
  return {
    // Another account than the fuzz's own: wrong passwords spend that account's login budget.
    'POST /api/client/user/login': { body: { username: loginTarget, password: 'Wrong-password-1!' } },
    'POST /api/client/user/refresh': { body: { refreshToken: 'not-a-refresh-token' } },
    'POST /api/bridge/user/me': { body: { customer: { firstname: 'Μαρία', lastname: 'Παπαδοπούλου', email } } },
    'POST /api/catalog/:entity/_search': {
      body: {
        query: {
          text: 'καφές',
          filters: {
            category_ids: [2, 3],
            price: { gte: 1, lte: 100 },
            is_in_stock: true,
            sku: ['SKU-1'],
            supplier_id: 1,
            updated_at: { gte: 1_700_000_000_000 },
          },
        },
        size: 20,
        from: 0,
        sort: ['price:asc', 'id:desc'],
        includeFields: ['sku', 'name'],
        excludeFields: ['description'],
        aggregations: {
          categories: { terms: { field: 'category_ids', size: 10 } },
          price: { range: { field: 'price', ranges: [{ to: 50 }, { from: 50, to: 100 }, { from: 100 }] } },
        },
      },
    },
    'POST /api/url/map': {
      body: { url: '/p/SKU-1/some-product', includeFields: ['sku'], options: { a: 1 }, filters: { childSku: 'SKU-1' }, groupId: 1 },
    },
    'POST /api/client/user/password/request-reset': { body: { email: uniqueEmail('reset'), url: '/reset' } },
    'POST /api/client/user/password/reset': { body: { password: 'Demo1234!x', confirm_password: 'Demo1234!x', token: 'abc' } },
    'POST /api/client/user/password/change': { body: { old_password: 'Wrong-password-1!', new_password: 'Demo1234!y' } },
    'POST /api/client/user/password/create-password': {
      body: { email: uniqueEmail('invited'), newPassword: 'Demo1234!z', resetToken: 'abc' },
    },
    'POST /api/client/user/check-tax-id': { body: { tax_id: afm } },
    'POST /api/bridge/user/buyers': { body: { taxvat: afm } },
    'POST /api/bridge/buyers': {
      body: { customer: { email: uniqueEmail('new'), firstname: 'Νίκος', lastname: 'Γεωργίου', taxvat: afm }, password: 'Demo1234!' },
    },
    'PATCH /api/admin/products/:sku': { body: { price: 1234, qty: 5, is_in_stock: true } },
    'GET /api/sync/v1/:collection': { query: { after: '0', limit: '10', ahead: '1' } },
  };
}

/** Sends one request with the current session's token where it asks for one. */
function send(request: FuzzRequest, token: string): Promise<Outcome> {
  const headers = { ...request.headers };
  let target = request.path;
  if (request.auth === 'valid') headers.authorization = `Bearer ${token}`;
  if (request.auth === 'garbage') headers.authorization = 'Bearer eyJ.eyJ.x';
  if (request.auth === 'query') target = `${target}${target.includes('?') ? '&' : '?'}token=${token}`;
  return new Promise((resolve, reject) => {
    // A connection per request: a kept-alive socket would be handed back after an event stream's headers
    // (HEAD) while the bridge still holds that response open.
    const req = http.request({ host: '127.0.0.1', port, method: request.method, path: target, headers, agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        res.destroy();
        resolve({ status, snippet: '(event stream)' });
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8').slice(0, 400);
        let code: string | undefined;
        if (text.includes('"code"')) code = /"reason":"([^"]+)"/.exec(text)?.[1];
        resolve({ status, code, snippet: text });
      });
      res.on('error', reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
    req.end(request.body);
  });
}

/**
 * A URL refused before routing (`/%ff`) is answered, marked `Connection: close`, before its chunked body
 * is read; Fastify then answers that unread body with a second "400 Client Error", and our client refuses
 * the bytes after a closing answer. The first answer's status is what the bridge said.
 */
function answerBeforeParseError(error: Error & { rawPacket?: Buffer }): Outcome {
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(error.rawPacket?.toString('latin1') ?? '')?.[1];
  return status ? { status: Number(status), snippet: error.message } : { status: 599, snippet: `no answer: ${error.message}` };
}

/** The URL with each `:param` (and `*`) filled: mostly valid values, often hostile segments. */
function pathFor(url: string): fc.Arbitrary<string> {
  const parts = url.split('/').map((segment) => {
    const param = /^:([A-Za-z_][A-Za-z0-9_]*)(.*)$/.exec(segment);
    if (param) {
      const [, name = '', suffix = ''] = param;
      const values = known[name]?.length ? (known[name] ?? []) : ['1'];
      // The first known value most often (the product search: the other entities refuse product fields).
      return fc
        .oneof(
          { weight: 4, arbitrary: fc.constant(values[0] ?? '1') },
          { weight: 2, arbitrary: fc.constantFrom(...values) },
          { weight: 2, arbitrary: hostileSegment },
        )
        .map((v) => `${v}${suffix}`);
    }
    if (segment === '*') return fc.oneof(hostileSegment, fc.constantFrom('index.html', 'assets/x.js', 'a/b/c'));
    return fc.constant(segment);
  });
  return fc.tuple(...parts).map((p) => p.join('/'));
}

const queryArb = (sample: Record<string, string> | undefined): fc.Arbitrary<string> => {
  const keys = [...Object.keys(sample ?? {}), 'token', 'buyer_id', 'q', '__proto__'];
  const value = fc.oneof(
    fc.constantFrom(...Object.values(sample ?? { x: '1' })),
    hostileString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x'))),
    fc.constantFrom('%00', '%ff', '%', '99999999999999999999', '-1', '1e308'),
  );
  const pairs = fc.array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 4 });
  return fc.oneof(
    fc.constant(''),
    fc.constant(new URLSearchParams(sample ?? {}).toString()),
    pairs.map((list) => list.map(([k, v]) => `${k}=${v}`).join('&')),
  );
};

const bodyArb = (sample: Record<string, unknown> | undefined): fc.Arbitrary<{ body?: string | Buffer; type?: string }> => {
  const jsonBody = (arb: fc.Arbitrary<unknown>) => arb.map((v) => ({ body: toJsonText(v), type: 'application/json' }));
  return fc.oneof(
    { weight: sample ? 6 : 1, arbitrary: jsonBody(sample ? mutated(sample) : fc.constant({})) },
    { weight: 1, arbitrary: jsonBody(fc.constant(sample ?? {})) },
    { weight: sample ? 1 : 3, arbitrary: jsonBody(hostileJson) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES).map((body) => ({ body, type: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { body: 'a=1&b=%00', type: 'application/x-www-form-urlencoded' },
        { body: 'plain', type: 'text/plain' },
        { body: '{}', type: 'application/json; charset=utf-16' },
        { body: '{}', type: 'multipart/form-data; boundary=x' },
        {},
      ),
    },
  );
};

function requestArb(route: Route, s: ReturnType<typeof samples>): fc.Arbitrary<FuzzRequest> {
  const sample = s[`${route.method} ${route.url}`];
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const auth = fc.constantFrom<Auth>('valid', 'valid', 'valid', 'none', 'garbage', 'query');
  return fc
    .tuple(
      pathFor(route.url),
      queryArb(sample?.query),
      hasBody ? bodyArb(sample?.body) : fc.constant<{ body?: string | Buffer; type?: string }>({}),
      auth,
      fc.nat(255),
    )
    .map(([p, query, { body, type }, who, ip]) => {
      // A client address per request: the per-address rate limits would otherwise answer most of them 429.
      const headers: Record<string, string> = { 'x-forwarded-for': `10.9.${ip}.${(ip * 7) % 255}`, accept: 'application/json' };
      if (type) headers['content-type'] = type;
      return { method: route.method, path: query ? `${p}?${query}` : p, headers, auth: who, ...(body !== undefined ? { body } : {}) };
    });
}

const notFoundArb: fc.Arbitrary<FuzzRequest> = fc
  .tuple(fc.constantFrom('GET', 'POST', 'DELETE', 'PUT'), fc.constantFrom('/api/', '/', '/api/catalog/', '/media/'), hostileSegment)
  .map(([method, prefix, segment]) => ({
    method,
    path: `${prefix}${segment}`,
    headers: { 'content-type': 'application/json' },
    auth: 'none' as const,
    ...(method === 'GET' ? {} : { body: '{}' }),
  }));

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'fuzz-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>storefront</title>');
  t = await createTestApp({
    logger: false,
    distDir,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
    env: { TRUST_PROXY: 'true', SEARCH_RATE_PER_SECOND: '100000', SEARCH_BURST: '100000' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  await seedIfEmpty(t.db, { products: 30 });
  const [product] = await t.db.query<{ sku: string; slug: string }>("select sku, data->>'slug' as slug from products order by sku limit 1");
  if (product) {
    known.sku = [product.sku];
    known.slug = [product.slug];
  }
}, 120_000);

afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('endpoint fuzz', () => {
  it('answers every hostile request to every route below 500', async () => {
    const admin = await createCustomer(t.db, { isAdmin: true, email: uniqueEmail('fuzz') });
    const buyer = await createBuyer(t.db);
    await addMember(t.db, buyer.id, admin.id, true);
    known.buyer_id = [buyer.id];
    const target = await createCustomer(t.db, { email: uniqueEmail('fuzz-target') });
    const s = samples(admin.email, target.email);
    // A fresh session per route: a route that ends the session (a logout) spoils only its own requests.
    let logins = 0;
    const login = async (): Promise<string> => {
      logins += 1;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/client/user/login',
        // Each from its own address: the fuzz's own hostile logins spend the per-address login budget.
        remoteAddress: `10.8.${logins >> 8}.${logins & 255}`,
        payload: { username: admin.email, password: TEST_PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`login for the fuzz failed: ${res.statusCode} ${res.body}`);
      return String(json(res).result);
    };
    const stillValid = async (token: string): Promise<boolean> =>
      (await t.app.inject({ method: 'GET', url: '/api/bridge/user/me', headers: { authorization: `Bearer ${token}` } })).statusCode === 200;
    const failures: string[] = [];
    const counts: Record<string, Record<string, number>> = {};
    const fuzzed = [
      ...routes.map((r) => ({ ...r, label: `${r.method} ${r.url}` })),
      { method: '*', url: '(not found)', label: '(not found)' },
    ];
    for (const [i, route] of fuzzed.entries()) {
      let token = await login();
      const arb = route.method === '*' ? notFoundArb : requestArb(route, s);
      const runs =
        route.method === '*'
          ? NOT_FOUND_RUNS
          : route.method === 'HEAD'
            ? RUNS_PER_HEAD_ROUTE
            : s[route.label]
              ? runsForSample(pathsOf(s[route.label]?.body ?? s[route.label]?.query ?? {}).length)
              : RUNS_PER_ROUTE;
      for (const request of fc.sample(arb, { seed: SEED + i, numRuns: runs })) {
        const outcome: Outcome = await send(request, token).catch(answerBeforeParseError);
        const row = (counts[route.label] ??= { sent: 0 });
        row.sent = (row.sent ?? 0) + 1;
        const column = STATUS_COLUMNS.includes(outcome.status) ? String(outcome.status) : `${Math.floor(outcome.status / 100)}xx`;
        row[column] = (row[column] ?? 0) + 1;
        if (outcome.status === 401 && (request.auth === 'valid' || request.auth === 'query') && !(await stillValid(token)))
          token = await login();
        if (outcome.status >= 500) {
          const body = request.body === undefined ? '' : String(request.body).slice(0, 200);
          failures.push(
            `${route.label}: ${outcome.status} for ${request.method} ${request.path.slice(0, 160)} ${body} -> ${outcome.snippet.slice(0, 200)}`,
          );
        }
      }
    }
    const total = Object.values(counts).reduce((a, b) => a + (b.sent ?? 0), 0);
    console.log(`fuzzed ${fuzzed.length} routes with ${total} requests (seed ${SEED}):`);
    console.table(counts);
    if (failures.length > 0) console.log(`${failures.length} answers of 500 or more:\n${failures.join('\n')}`);
    expect(routes.length).toBeGreaterThan(15);
    expect(failures).toEqual([]);
  }, 600_000);
});
