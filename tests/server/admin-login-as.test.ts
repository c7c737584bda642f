import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_SEARCH_LIMIT, LOGIN_AS_MAX_SECONDS } from '../../src/contracts/admin';
import { M } from '../../src/contracts/messages';
import { verifyAccessToken } from '../../server/services/access-token';
import { addMember, createBuyer, createCustomer, type TestCustomer } from './helpers/factory';
import { openTestSession } from './helpers/session';
import { createTestApp, json, TEST_JWT_SECRET, type TestApp } from './helpers/test-app';

/**
 * docs/decisions/025-admin-login-as.md: an administrator logs in as a customer (audited), the session acts
 * as that customer and keeps the administrator's id through refreshes, ends at most an hour later, and
 * logout-as gives the administrator a session of their own back.
 */
let nowMs = Date.now();
const clock = { now: () => nowMs };
let t: TestApp;
let admin: TestCustomer;
let adminToken: string;
let otherAdmin: TestCustomer;
let target: TestCustomer;
let buyer: { id: string; company: string };

type Envelope = { code: number; result: unknown; meta?: Record<string, unknown>; errors?: { description?: string }[] };

let ip = 0;
async function call(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  ip += 1;
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: `10.91.${ip >> 8}.${ip & 255}`,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: json(res) as Envelope };
}

const description = (body: Envelope) => body.errors?.[0]?.description;
const audits = (customerId: string) =>
  t.db.query<{ admin_id: string; action: string; ip: string }>(
    'select admin_id, action, ip from admin_audit where customer_id = $1 order by id',
    [customerId],
  );

async function loginAsTarget(customerId = target.id) {
  const res = await call('POST', '/api/admin/login-as', adminToken, { customer_id: customerId });
  expect(res.status).toBe(200);
  return {
    token: res.body.result as string,
    meta: res.body.meta as { refreshToken: string; adminId: string; endsAt: number; expiresIn: number },
  };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createCustomer(t.db, { isAdmin: true, firstname: 'Admin', lastname: 'Staff' });
  otherAdmin = await createCustomer(t.db, { isAdmin: true });
  target = await createCustomer(t.db, { firstname: 'Ελένη', lastname: 'Ζαχαρίου' });
  buyer = await createBuyer(t.db, { company: 'Ζαχαρίου Ο.Ε.' });
  await addMember(t.db, buyer.id, target.id, true);
  adminToken = (await openTestSession(t.db, admin.id)).token;
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/admin/login-as', () => {
  it('opens a session that acts as the customer, names the admin, and is audited', async () => {
    const { token, meta } = await loginAsTarget();
    expect(meta.adminId).toBe(admin.id);
    expect(meta.endsAt).toBe(nowMs + LOGIN_AS_MAX_SECONDS * 1000);
    const payload = verifyAccessToken(TEST_JWT_SECRET, token, nowMs);
    expect(payload).toMatchObject({ sub: target.id, adm: admin.id });

    const me = await call('GET', '/api/bridge/user/me', token);
    expect(me.status).toBe(200);
    expect(me.body.result).toMatchObject({ id: target.id, isAdmin: false, buyers: [{ id: buyer.id, company: buyer.company }] });

    const rows = await audits(target.id);
    expect(rows.at(-1)).toMatchObject({ admin_id: admin.id, action: 'login_as' });
    expect(rows.at(-1)?.ip).not.toBe('');
  });

  it('gives the login-as session no admin rights: it acts as the (non-admin) customer', async () => {
    const { token } = await loginAsTarget();
    const search = await call('GET', '/api/admin/customers?q=example', token);
    expect(search.status).toBe(403);
    expect(description(search.body)).toBe(M.adminOnly);
    const again = await call('POST', '/api/admin/login-as', token, { customer_id: target.id });
    expect(again.status).toBe(403);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/products/ANY-SKU',
      headers: { authorization: `Bearer ${token}` },
      payload: { qty: 1 },
    });
    expect(patch.statusCode).toBe(403);
  });

  it('keeps the admin id on refresh, and the session cannot outlive its hour', async () => {
    const { meta } = await loginAsTarget();
    const refreshed = await call('POST', '/api/client/user/refresh', undefined, { refreshToken: meta.refreshToken });
    expect(refreshed.status).toBe(200);
    const next = verifyAccessToken(TEST_JWT_SECRET, refreshed.body.result as string, nowMs);
    expect(next).toMatchObject({ sub: target.id, adm: admin.id });
    // An access token never lives past the session's end.
    expect(next.exp * 1000).toBeLessThanOrEqual(meta.endsAt);

    const started = nowMs;
    try {
      nowMs = meta.endsAt - 60_000;
      const late = await call('POST', '/api/client/user/refresh', undefined, {
        refreshToken: (refreshed.body.meta as { refreshToken: string }).refreshToken,
      });
      expect(late.status).toBe(200);
      expect(verifyAccessToken(TEST_JWT_SECRET, late.body.result as string, nowMs).exp * 1000).toBeLessThanOrEqual(meta.endsAt);
      nowMs = meta.endsAt;
      const over = await call('POST', '/api/client/user/refresh', undefined, {
        refreshToken: (late.body.meta as { refreshToken: string }).refreshToken,
      });
      expect(over.status).toBe(401);
      expect(description(over.body)).toBe(M.tokenRefreshFailed);
    } finally {
      nowMs = started;
    }
  });

  it('refuses a non-admin (403), another admin as target (403) and an unknown customer (404)', async () => {
    const plain = await openTestSession(t.db, target.id);
    const byCustomer = await call('POST', '/api/admin/login-as', plain.token, { customer_id: otherAdmin.id });
    expect(byCustomer.status).toBe(403);
    expect(description(byCustomer.body)).toBe(M.adminOnly);

    const asAdmin = await call('POST', '/api/admin/login-as', adminToken, { customer_id: otherAdmin.id });
    expect(asAdmin.status).toBe(403);
    expect(description(asAdmin.body)).toBe(M.adminOnly);
    const asSelf = await call('POST', '/api/admin/login-as', adminToken, { customer_id: admin.id });
    expect(asSelf.status).toBe(403);

    const unknown = await call('POST', '/api/admin/login-as', adminToken, { customer_id: 'no-such-customer' });
    expect(unknown.status).toBe(404);
    expect(description(unknown.body)).toBe(M.notFound);
    expect(await audits(otherAdmin.id)).toEqual([]);

    const noToken = await call('POST', '/api/admin/login-as', undefined, { customer_id: target.id });
    expect(noToken.status).toBe(401);
    const bad = await call('POST', '/api/admin/login-as', adminToken, { customer_id: '' });
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/admin/logout-as', () => {
  it('ends the login-as session, is audited, and answers a new session of the admin', async () => {
    const { token, meta } = await loginAsTarget();
    const before = (await audits(target.id)).length;
    const res = await call('POST', '/api/admin/logout-as', token, { admin_id: admin.id });
    expect(res.status).toBe(200);
    const adminAgain = res.body.result as string;
    const payload = verifyAccessToken(TEST_JWT_SECRET, adminAgain, nowMs);
    expect(payload.sub).toBe(admin.id);
    expect(payload.adm).toBeUndefined();
    expect(res.body.meta).toMatchObject({ refreshToken: expect.any(String), expiresIn: t.config.accessTokenTtlSeconds });

    const rows = await audits(target.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ admin_id: admin.id, action: 'logout_as' });

    // The login-as session is over: its access and refresh tokens are refused.
    expect((await call('GET', '/api/bridge/user/me', token)).status).toBe(401);
    expect((await call('POST', '/api/client/user/refresh', undefined, { refreshToken: meta.refreshToken })).status).toBe(401);
    // The admin's new session is an admin's.
    const me = await call('GET', '/api/bridge/user/me', adminAgain);
    expect(me.body.result).toMatchObject({ id: admin.id, isAdmin: true });
    expect((await call('GET', '/api/admin/customers?q=example', adminAgain)).status).toBe(200);
  });

  it('refuses a session that is not a login-as one, and another admin id', async () => {
    const own = await call('POST', '/api/admin/logout-as', adminToken, {});
    expect(own.status).toBe(403);
    expect(description(own.body)).toBe(M.adminOnly);
    const plain = await openTestSession(t.db, target.id);
    expect((await call('POST', '/api/admin/logout-as', plain.token, {})).status).toBe(403);

    const { token } = await loginAsTarget();
    const wrong = await call('POST', '/api/admin/logout-as', token, { admin_id: otherAdmin.id });
    expect(wrong.status).toBe(403);
    // Still open: the refused call changed nothing.
    expect((await call('GET', '/api/bridge/user/me', token)).status).toBe(200);
    expect((await call('POST', '/api/admin/logout-as', undefined, {})).status).toBe(401);
  });
});

describe('GET /api/admin/customers', () => {
  it('finds customers by email or name, for admins only, at most 20', async () => {
    const byName = await call('GET', `/api/admin/customers?q=${encodeURIComponent('ζαχαρίου')}`, adminToken);
    expect(byName.status).toBe(200);
    expect(byName.body.result).toEqual([
      { id: target.id, email: target.email, firstname: 'Ελένη', lastname: 'Ζαχαρίου', isAdmin: false, companies: [buyer.company] },
    ]);
    const byEmail = await call('GET', `/api/admin/customers?q=${encodeURIComponent(target.email.toUpperCase())}`, adminToken);
    expect((byEmail.body.result as { id: string }[]).map((c) => c.id)).toEqual([target.id]);

    for (let i = 0; i < CUSTOMER_SEARCH_LIMIT + 5; i += 1) await createCustomer(t.db, { email: `bulk.${i}.${Date.now()}@many.example.gr` });
    const many = await call('GET', '/api/admin/customers?q=many.example', adminToken);
    expect(many.status).toBe(200);
    expect(many.body.result).toHaveLength(CUSTOMER_SEARCH_LIMIT);
    // LIKE's wildcards match only themselves.
    const wildcard = await call('GET', '/api/admin/customers?q=%25%25', adminToken);
    expect(wildcard.body.result).toEqual([]);

    const plain = await openTestSession(t.db, target.id);
    const refused = await call('GET', '/api/admin/customers?q=example', plain.token);
    expect(refused.status).toBe(403);
    expect(description(refused.body)).toBe(M.adminOnly);
    expect((await call('GET', '/api/admin/customers?q=example')).status).toBe(401);
    expect((await call('GET', '/api/admin/customers', adminToken)).status).toBe(400);
    expect((await call('GET', `/api/admin/customers?q=${'x'.repeat(101)}`, adminToken)).status).toBe(400);
  });
});
