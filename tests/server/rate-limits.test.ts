import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../src/contracts/messages';
import { createCustomer, TEST_PASSWORD } from './helpers/factory';
import { openTestSession } from './helpers/session';
import { createTestApp, json, type TestApp } from './helpers/test-app';

/**
 * Budgets that hold whichever of address or account an attacker varies (server/http/rate-limits.ts), a
 * client-written X-Forwarded-For that buys no fresh budget, and password hashing that refuses a flood at
 * once instead of queueing it. Many attempts here carry an empty password: refused 400 before any
 * hashing, yet counted like every attempt, which keeps this file fast.
 */
let t: TestApp;
let proxied: TestApp;
let ipCounter = 0;
const freshIp = () => `10.60.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
  // One reverse proxy in front: the right-most X-Forwarded-For entry is the client.
  proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

type Attempt = { username: string; password: string; ip?: string; forwardedFor?: string };

function login(app: TestApp, attempt: Attempt) {
  return app.app.inject({
    method: 'POST',
    url: '/api/client/user/login',
    payload: { username: attempt.username, password: attempt.password },
    remoteAddress: attempt.ip ?? freshIp(),
    headers: attempt.forwardedFor ? { 'x-forwarded-for': attempt.forwardedFor } : {},
  });
}

describe('login budgets', () => {
  it('limits one address across many usernames (30 a minute)', async () => {
    const user = await createCustomer(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1)
      statuses.push((await login(t, { username: `probe${i}@example.gr`, password: '', ip: '10.61.0.1' })).statusCode);
    expect(statuses.every((s) => s === 400)).toBe(true);
    // The 31st attempt from that address is refused even with a new username and the right password...
    const limited = await login(t, { username: user.email, password: TEST_PASSWORD, ip: '10.61.0.1' });
    expect(limited.statusCode).toBe(429);
    expect(json(limited).errors?.[0]?.description).toBe(M.tooManyRequests);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // ...while the same account from another address signs in.
    expect((await login(t, { username: user.email, password: TEST_PASSWORD, ip: '10.61.0.2' })).statusCode).toBe(200);
  });

  it('takes the per-address budget from LOGIN_ATTEMPTS_PER_ADDRESS', async () => {
    const small = await createTestApp({ env: { LOGIN_ATTEMPTS_PER_ADDRESS: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await login(small, { username: `few${i}@example.gr`, password: '', ip: '10.62.0.1' })).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await small.close();
    }
  });

  it('limits one account across many addresses (10 failures), and successes do not use that budget', async () => {
    const user = await createCustomer(t.db);
    const attempt = (password: string) => login(t, { username: user.email, password });
    for (let i = 0; i < 8; i += 2) {
      const pair = await Promise.all([attempt('Wrong#1234'), attempt('Wrong#1234')]);
      expect(pair.map((r) => r.statusCode)).toEqual([401, 401]);
    }
    expect((await attempt('Wrong#1234')).statusCode).toBe(401);
    // Nine failures, then two successes: counted as attempts they would pass the budget of ten.
    // (One after the other: an attempt in flight counts until it has succeeded.)
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    expect((await attempt('Wrong#1234')).statusCode).toBe(401);
    // The eleventh failure-or-guess, from yet another address and written differently, is refused.
    const limited = await login(t, { username: ` ${user.email.toUpperCase()} `, password: TEST_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(json(limited).errors?.[0]?.description).toBe(M.tooManyRequests);
    // Another account is unaffected.
    const other = await createCustomer(t.db);
    expect((await login(t, { username: other.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  }, 60_000);

  it('counts only wrong passwords against an account: attempts refused before any check give theirs back', async () => {
    const user = await createCustomer(t.db);
    for (let i = 0; i < 12; i += 1) expect((await login(t, { username: user.email, password: '' })).statusCode).toBe(400);
    expect((await login(t, { username: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('behind one trusted proxy, a spoofed left-most X-Forwarded-For gives no fresh budget', async () => {
    const proxy = '127.0.0.1';
    const attacker = '203.0.113.7';
    for (let i = 0; i < 30; i += 1) {
      const res = await login(proxied, {
        username: `p${i}@example.gr`,
        password: '',
        ip: proxy,
        forwardedFor: `198.51.100.${i + 1}, ${attacker}`,
      });
      expect(res.statusCode).toBe(400);
    }
    const user = await createCustomer(proxied.db);
    const spoofed = await login(proxied, {
      username: user.email,
      password: TEST_PASSWORD,
      ip: proxy,
      forwardedFor: `192.0.2.99, ${attacker}`,
    });
    expect(spoofed.statusCode).toBe(429);
    // Another client behind the same proxy has its own budget: the header is read, from the right.
    const neighbour = await login(proxied, { username: user.email, password: TEST_PASSWORD, ip: proxy, forwardedFor: '203.0.113.8' });
    expect(neighbour.statusCode).toBe(200);
  });

  it('without TRUST_PROXY the header is ignored: the connecting address is the client', async () => {
    const ip = '10.62.0.1';
    for (let i = 0; i < 30; i += 1) {
      expect((await login(t, { username: `h${i}@example.gr`, password: '', ip, forwardedFor: `198.51.100.${i + 1}` })).statusCode).toBe(
        400,
      );
    }
    expect((await login(t, { username: 'h@example.gr', password: '', ip, forwardedFor: '192.0.2.1' })).statusCode).toBe(429);
  });
});

describe('password hashing under a flood', () => {
  it('refuses what it cannot start soon with a fast, translated 503 instead of queueing every login', async () => {
    const flood = await Promise.all(
      Array.from({ length: 32 }, (_, i) => login(t, { username: `flood${i}.${Date.now()}@example.gr`, password: 'Guess#1234' })),
    );
    const statuses = flood.map((r) => r.statusCode);
    const busy = flood.filter((r) => r.statusCode === 503);
    // Two hash at once and six wait (the exact counts are the gate's own test, work-gate.test.ts). The logins
    // reach the gate one after another (each reads the database first), so on a slow machine a few more get
    // a slot freed meanwhile; still, of 32 at once at least half are turned away, the rest answered normally.
    expect(busy.length).toBeGreaterThanOrEqual(16);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
    for (const res of busy) {
      expect(json(res)).toMatchObject({ code: 503, errors: [{ description: M.serviceBusy }] });
      expect(res.headers['retry-after']).toBe('2');
    }
    // Once the flood has passed, a real login works.
    const user = await createCustomer(t.db);
    expect((await login(t, { username: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});

describe('change password', () => {
  it('allows 5 wrong old passwords per customer in 15 minutes, from any address', async () => {
    const user = await createCustomer(t.db);
    const token = json(await login(t, { username: user.email, password: TEST_PASSWORD })).result as string;
    const change = (oldPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/client/user/password/change',
        payload: { old_password: oldPassword, new_password: 'Fresh#Pass7' },
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: freshIp(),
      });
    for (let i = 0; i < 5; i += 1) expect((await change('Wrong#1234')).statusCode).toBe(400);
    const limited = await change(TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(json(limited).errors?.[0]?.description).toBe(M.tooManyRequests);
  });
});

describe('registration and reset', () => {
  it('limits tax number lookups to 10 a minute per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/client/user/check-tax-id',
        payload: { tax_id: '000000000' },
        remoteAddress: '10.63.0.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('sends at most 5 reset mails an hour to one mailbox, from any address', async () => {
    const user = await createCustomer(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/client/user/password/request-reset',
        payload: { email: user.email },
        remoteAddress: freshIp(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('orders and buyer data', () => {
  it('let a customer send a device’s whole queue at once (200), then 429 with Retry-After; another customer is not held back', async () => {
    const [rep, other] = [await createCustomer(t.db), await createCustomer(t.db)];
    const send = async (customerId: string, url: string, method: 'POST' | 'PUT') =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${(await sessions.get(customerId))!}` },
        // Refused 400 after the budget is taken: the budget counts every call, which keeps this test fast.
        payload: {},
      });
    const sessions = new Map([rep, other].map((c) => [c.id, openTestSession(t.db, c.id).then((s) => s.token)]));
    const statuses: number[] = [];
    for (let i = 0; i < 230 && !statuses.includes(429); i += 1)
      statuses.push((await send(rep.id, '/api/bridge/buyer/order', 'POST')).statusCode);
    expect(statuses.indexOf(429)).toBeGreaterThanOrEqual(200);
    expect(statuses.slice(0, 200).every((s) => s === 400)).toBe(true);
    const limited = await send(rep.id, '/api/bridge/buyer/order', 'POST');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(json(limited).errors?.[0]?.description).toBe(M.tooManyRequests);
    expect((await send(other.id, '/api/bridge/buyer/order', 'POST')).statusCode).toBe(400);
    // Saves of addresses and billing details have their own budget of the same size.
    expect((await send(rep.id, '/api/bridge/buyer/billing', 'PUT')).statusCode).toBe(400);
  });
});
