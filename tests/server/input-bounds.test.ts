import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBoundsProblem } from '../../src/contracts/bounds';
import { errorEnvelopeSchema } from '../../src/contracts/envelope';
import { M } from '../../src/contracts/messages';
import { seedIfEmpty } from '../../server/seed/seed';
import { openTestSession } from './helpers/session';
import { createCustomer } from './helpers/factory';
import { createTestApp, json, type TestApp } from './helpers/test-app';

/**
 * No 5xx from bad input (decision 016): NUL characters, numbers beyond their column, deep JSON and
 * malformed path segments are refused with a 400 in the bridge's envelope. The endpoint fuzz test
 * (fuzz-endpoints.test.ts) covers every route; these are the cases it found, one by one.
 */

let t: TestApp;
let token: string;
let adminToken: string;

async function probeRoutes(app: FastifyInstance): Promise<void> {
  // A route with a bug on purpose: it hands the client's value to PostgreSQL without a contract.
  app.get<{ Querystring: { n?: string } }>('/api/test/unchecked-int', async (request) => {
    const rows = await app.db.query<{ n: number }>('select $1::int as n', [request.query.n ?? '0']);
    return { code: 200, result: rows[0]?.n ?? null };
  });
}

beforeAll(async () => {
  t = await createTestApp({ extraRoutes: [probeRoutes] });
  await seedIfEmpty(t.db, { products: 10 });
  const customer = await createCustomer(t.db);
  const admin = await createCustomer(t.db, { isAdmin: true });
  token = (await openTestSession(t.db, customer.id)).token;
  adminToken = (await openTestSession(t.db, admin.id)).token;
}, 60_000);

afterAll(async () => {
  await t.close();
});

function expectRefused(res: { statusCode: number; body: string }): void {
  expect(res.statusCode).toBe(400);
  expect(errorEnvelopeSchema.parse(json(res)).errors[0]?.description).toBe(M.invalidRequest);
}

describe('NUL characters', () => {
  it('in a body string (a name that PostgreSQL cannot store)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bridge/user/me',
      headers: { authorization: `Bearer ${token}` },
      payload: { customer: { firstname: 'Μαρία', lastname: 'Παπα\u0000δοπούλου', email: 'maria.nul@example.gr' } },
    });
    expectRefused(res);
  });

  it('in a search text or filter, in a URL to map, in a path segment', async () => {
    const auth = { authorization: `Bearer ${token}` };
    for (const payload of [{ query: { text: 'καφές\u0000' } }, { query: { filters: { sku: 'A\u0000' } } }]) {
      expectRefused(await t.app.inject({ method: 'POST', url: '/api/catalog/product/_search', headers: auth, payload }));
    }
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/url/map', headers: auth, payload: { url: 'a\u0000b' } }));
    // "%00" inside the URL to map decodes to NUL there: no product has that sku.
    expect((await t.app.inject({ method: 'POST', url: '/api/url/map', headers: auth, payload: { url: '/p/%00/x' } })).statusCode).toBe(404);
    expectRefused(await t.app.inject({ method: 'GET', url: '/p/%00' }));
    expectRefused(await t.app.inject({ method: 'GET', url: '/p/a%00b/slug' }));
    expectRefused(
      await t.app.inject({
        method: 'PATCH',
        url: '/api/admin/products/%00',
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { price: 100 },
      }),
    );
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/sync/v1/products?after=%00', headers: auth }));
  });
});

describe('depth and size', () => {
  it('refuses JSON nested deeper than the bound, however deep, before any handler', async () => {
    for (const depth of [40, 100_000]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/url/map',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: `{"url":"/x","filters":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
      });
      expectRefused(res);
    }
  });

  it('bounds the free-form fields of the URL map', async () => {
    const deep = JSON.parse(`${'{"a":'.repeat(8)}1${'}'.repeat(8)}`) as unknown;
    const wide = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]));
    for (const options of [deep, wide]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/url/map',
        headers: { authorization: `Bearer ${token}` },
        payload: { url: '/x', options },
      });
      expectRefused(res);
    }
  });

  it('checks a value without recursion, so a million levels cannot exhaust the stack', () => {
    let value: unknown = 1;
    for (let i = 0; i < 1_000_000; i += 1) value = [value];
    expect(jsonBoundsProblem(value, { depth: 32, nodes: Infinity, stringLength: Infinity })).toBe('nested too deeply');
  });
});

describe('the last lines', () => {
  it('answers a database data exception with a 400 and logs it as a warning', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/unchecked-int?n=99999999999' });
    expectRefused(res);
    const warning = t
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { code?: string } })
      .find((entry) => entry.msg.includes('a contract should bound it'));
    expect(warning).toMatchObject({ level: 40, err: { code: '22003' } });
  });

  it('answers a URL that cannot be decoded in the envelope', async () => {
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/%ff' }));
  });

  it('answers a signed-in HEAD of the event stream instead of holding it open', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/events', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(404);
  });
});
