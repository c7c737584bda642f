import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../src/contracts/messages';
import { buyerOf, requireAuth, requireBuyer, requireSuperUser } from '../../server/http/auth';
import { addMember, createBuyer, createCustomer, type TestBuyer, type TestCustomer } from './helpers/factory';
import { createTestApp, json, type TestApp } from './helpers/test-app';

/** Probe routes standing in for the buyer-scoped routes other areas add (cart, orders, addresses). */
async function probeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/test/buyer-probe', { preHandler: [requireAuth, requireBuyer] }, async (request) => ({
    code: 200,
    result: buyerOf(request),
  }));
  app.post('/api/test/buyers/:buyer_id/probe', { preHandler: [requireAuth, requireBuyer] }, async (request) => ({
    code: 200,
    result: buyerOf(request),
  }));
  app.get('/api/test/super-probe', { preHandler: [requireAuth, requireBuyer, requireSuperUser] }, async () => ({
    code: 200,
    result: 'ok',
  }));
}

let t: TestApp;
let alice: TestCustomer;
let bob: TestCustomer;
let aliceCo: TestBuyer;
let bobCo: TestBuyer;
let aliceToken: string;

beforeAll(async () => {
  t = await createTestApp({ extraRoutes: [probeRoutes] });
  alice = await createCustomer(t.db);
  bob = await createCustomer(t.db);
  aliceCo = await createBuyer(t.db);
  bobCo = await createBuyer(t.db);
  await addMember(t.db, aliceCo.id, alice.id, false);
  await addMember(t.db, bobCo.id, bob.id, true);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/client/user/login',
    payload: { username: alice.email, password: alice.password },
  });
  aliceToken = json(res).result as string;
});
afterAll(async () => {
  await t.close();
});

describe('buyer scoping', () => {
  const bearer = () => ({ authorization: `Bearer ${aliceToken}` });

  it('lets a member act for her buyer (query, path and body)', async () => {
    const viaQuery = await t.app.inject({ method: 'GET', url: `/api/test/buyer-probe?buyer_id=${aliceCo.id}`, headers: bearer() });
    expect(viaQuery.statusCode).toBe(200);
    expect(json(viaQuery).result).toEqual({ buyerId: aliceCo.id, isSuperUser: false });
    const viaPath = await t.app.inject({
      method: 'POST',
      url: `/api/test/buyers/${aliceCo.id}/probe`,
      headers: bearer(),
      payload: { buyer_id: aliceCo.id },
    });
    expect(viaPath.statusCode).toBe(200);
  });

  it("refuses user A acting for user B's buyer with 403", async () => {
    const viaQuery = await t.app.inject({ method: 'GET', url: `/api/test/buyer-probe?buyer_id=${bobCo.id}`, headers: bearer() });
    expect(viaQuery.statusCode).toBe(403);
    expect(json(viaQuery).errors?.[0]?.description).toBe(M.notMember);
    const viaPath = await t.app.inject({ method: 'POST', url: `/api/test/buyers/${bobCo.id}/probe`, headers: bearer(), payload: {} });
    expect(viaPath.statusCode).toBe(403);
  });

  it('refuses a body buyer_id that contradicts the path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/test/buyers/${aliceCo.id}/probe`,
      headers: bearer(),
      payload: { buyer_id: bobCo.id },
    });
    expect(res.statusCode).toBe(400);
  });

  it('needs a buyer_id and a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/test/buyer-probe', headers: bearer() })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/test/buyer-probe?buyer_id=${aliceCo.id}` })).statusCode).toBe(401);
  });

  it('super-user routes refuse a plain member', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/test/super-probe?buyer_id=${aliceCo.id}`, headers: bearer() });
    expect(res.statusCode).toBe(403);
    expect(json(res).errors?.[0]?.description).toBe(M.notSuperUser);
  });
});

describe('logs', () => {
  it('never contain access tokens, refresh tokens, passwords or reset tokens', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/client/user/login',
      payload: { username: alice.email, password: alice.password },
    });
    const refreshToken = (json(login).meta as { refreshToken: string }).refreshToken;
    await t.app.inject({ method: 'GET', url: '/api/bridge/user/me', headers: { authorization: `Bearer ${aliceToken}` } });
    await t.app.inject({ method: 'GET', url: `/api/bridge/user/me?token=${aliceToken}&lang=el` });
    await t.app.inject({ method: 'GET', url: `/api/no-such-route?token=${aliceToken}` });
    await t.app.inject({ method: 'GET', url: '/api/bridge/user/me?token=tampered.token.value' });
    await t.app.inject({ method: 'POST', url: '/api/client/user/refresh', payload: { refreshToken } });
    await t.app.inject({ method: 'POST', url: '/api/client/user/refresh', payload: { refreshToken } });
    const before = t.outbox().length;
    await t.app.inject({ method: 'POST', url: '/api/client/user/password/request-reset', payload: { email: alice.email } });
    const mail = (await t.waitForMails(before + 1)).at(-1);
    const resetToken = new URL(mail?.links?.reset ?? 'http://x').searchParams.get('token') ?? '';
    expect(resetToken).not.toBe('');
    // The .eml beside the summary carries the same link (quoted-printable may wrap it, so compare the token).
    expect(readFileSync(mail?.file ?? '', 'utf8').replace(/=\r?\n/g, '')).toContain(resetToken);

    const logs = t.logs();
    expect(logs).toContain('/api/bridge/user/me?token=[REDACTED]&lang=el');
    expect(logs).toContain('mail written to outbox');
    for (const secret of [aliceToken, refreshToken, resetToken, alice.password, 'tampered.token.value']) {
      expect(logs).not.toContain(secret);
    }
    expect(logs.toLowerCase()).not.toContain('bearer');
  });
});
