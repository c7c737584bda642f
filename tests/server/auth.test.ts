import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSchema, loginResultSchema, refreshMetaSchema, sessionMetaSchema } from '../../src/contracts/auth';
import { envelopeSchema } from '../../src/contracts/envelope';
import { M } from '../../src/contracts/messages';
import { signAccessToken } from '../../server/services/access-token';
import { openTestSession } from './helpers/session';
import { addMember, createBuyer, createCustomer, TEST_PASSWORD, type TestBuyer, type TestCustomer } from './helpers/factory';
import { createTestApp, json, TEST_JWT_SECRET, type TestApp } from './helpers/test-app';

const loginResponse = envelopeSchema(loginResultSchema, sessionMetaSchema);
const refreshResponse = envelopeSchema(loginResultSchema, refreshMetaSchema);
const meResponse = envelopeSchema(customerSchema);

let t: TestApp;
let alice: TestCustomer;
let bob: TestCustomer;
let aliceCo: TestBuyer;
let aliceSecondCo: TestBuyer;
let bobCo: TestBuyer;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createCustomer(t.db, { firstname: 'Alice', lastname: 'Georgiou' });
  bob = await createCustomer(t.db, { firstname: 'Bob', lastname: 'Nikolaou' });
  aliceCo = await createBuyer(t.db, { company: 'Alpha Trading' });
  aliceSecondCo = await createBuyer(t.db, { company: 'Beta Foods' });
  bobCo = await createBuyer(t.db, { company: 'Gamma Market' });
  await addMember(t.db, aliceCo.id, alice.id, true);
  await addMember(t.db, aliceSecondCo.id, alice.id, false);
  await addMember(t.db, bobCo.id, bob.id, true);
});
afterAll(async () => {
  await t.close();
});

async function login(username: string, password: string, ip = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/client/user/login', payload: { username, password }, remoteAddress: ip });
}

async function loginOk(user: TestCustomer) {
  const res = await login(user.email, user.password, `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
  expect(res.statusCode).toBe(200);
  return loginResponse.parse(json(res));
}

describe('login', () => {
  it('returns an access token, a refresh token and the buyers of the user', async () => {
    const body = await loginOk(alice);
    expect(body.result.split('.')).toHaveLength(3);
    expect(body.meta.expiresIn).toBe(900);
    expect(body.meta.userData.buyers).toEqual([
      { id: aliceCo.id, company: 'Alpha Trading', afm: aliceCo.afm, isSuperUser: true },
      { id: aliceSecondCo.id, company: 'Beta Foods', afm: aliceSecondCo.afm, isSuperUser: false },
    ]);
  });

  it('accepts the email in any case and with spaces', async () => {
    const res = await login(`  ${alice.email.toUpperCase()} `, TEST_PASSWORD, '10.9.9.1');
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown user with the same 401', async () => {
    const wrong = await login(alice.email, 'Wrong1234!', '10.9.9.2');
    const unknown = await login('nobody@example.gr', TEST_PASSWORD, '10.9.9.3');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(json(res)).toMatchObject({ code: 401, errors: [{ description: M.wrongCredentials }] });
    }
  });

  it('refuses an invited user who has no password yet', async () => {
    const invited = await createCustomer(t.db, { password: null });
    const res = await login(invited.email, '', '10.9.9.4');
    expect(res.statusCode).toBe(400);
    const res2 = await login(invited.email, TEST_PASSWORD, '10.9.9.4');
    expect(res2.statusCode).toBe(401);
  });

  it('answers 429 after 10 failed attempts for one username from one IP', async () => {
    const victim = await createCustomer(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await login(victim.email, 'Wrong1234!', '10.2.2.2')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await login(victim.email, victim.password, '10.2.2.2');
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toMatchObject({ code: 429, errors: [{ description: M.tooManyRequests }] });
    // Another user behind the same IP is not locked out.
    expect((await login(alice.email, alice.password, '10.2.2.2')).statusCode).toBe(200);
  });
});

describe('refresh tokens', () => {
  async function refresh(refreshToken: string) {
    return t.app.inject({ method: 'POST', url: '/api/client/user/refresh', payload: { refreshToken } });
  }

  it('rotates on every use and the new access token works', async () => {
    const session = await loginOk(alice);
    const first = await refresh(session.meta.refreshToken);
    expect(first.statusCode).toBe(200);
    const body = refreshResponse.parse(json(first));
    expect(body.meta.refreshToken).not.toBe(session.meta.refreshToken);
    const me = await t.app.inject({ method: 'GET', url: '/api/bridge/user/me', headers: { authorization: `Bearer ${body.result}` } });
    expect(me.statusCode).toBe(200);
    const second = await refresh(body.meta.refreshToken);
    expect(second.statusCode).toBe(200);
  });

  it('reuse of a used token revokes the whole family', async () => {
    const session = await loginOk(alice);
    const first = refreshResponse.parse(json(await refresh(session.meta.refreshToken)));
    // Its successor was used since: the old token is no concurrent duplicate any more (refresh-token-grace.test.ts).
    const rotated = refreshResponse.parse(json(await refresh(first.meta.refreshToken)));
    const replay = await refresh(session.meta.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(json(replay).errors?.[0]?.description).toBe(M.tokenRefreshFailed);
    // The legitimate newest token of the family is dead too.
    const after = await refresh(rotated.meta.refreshToken);
    expect(after.statusCode).toBe(401);
    // Other sessions (families) of the same user keep working.
    const other = await loginOk(alice);
    expect((await refresh(other.meta.refreshToken)).statusCode).toBe(200);
  });

  it('an unknown refresh token is a 401, a missing one a 400', async () => {
    expect((await refresh('not-a-real-token')).statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'POST', url: '/api/client/user/refresh', payload: {} });
    expect(missing.statusCode).toBe(400);
  });
});

describe('access tokens', () => {
  const me = (headers: Record<string, string>, query = '') => t.app.inject({ method: 'GET', url: `/api/bridge/user/me${query}`, headers });

  it('reads the profile with a Bearer header, and never takes the access token from the URL', async () => {
    const session = await loginOk(alice);
    const viaHeader = await me({ authorization: `Bearer ${session.result}` });
    expect(viaHeader.statusCode).toBe(200);
    const profile = meResponse.parse(json(viaHeader)).result;
    expect(profile).toMatchObject({ id: alice.id, email: alice.email, firstname: 'Alice', lastname: 'Georgiou', isAdmin: false });
    expect(profile.buyers.map((b) => b.id).sort()).toEqual([aliceCo.id, aliceSecondCo.id].sort());
    const viaQuery = await me({}, `?token=${encodeURIComponent(session.result)}`);
    expect(viaQuery.statusCode).toBe(401);
    expect(json(viaQuery).errors?.[0]?.description).toBe(M.notAuthorized);
  });

  it('refuses no token, an expired token and a tampered token with 401', async () => {
    const { familyId } = await openTestSession(t.db, alice.id);
    const expired = signAccessToken(TEST_JWT_SECRET, { customerId: alice.id, familyId }, 900, Date.now() - 901_000);
    const session = await loginOk(alice);
    const [h, p, s] = session.result.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p ?? '', 'base64url').toString()), sub: bob.id }),
    ).toString('base64url');
    const otherKey = signAccessToken('another-secret-another-secret-another-secret', { customerId: alice.id, familyId }, 900, Date.now());
    const cases: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${expired}` },
      { authorization: `Bearer ${h}.${forgedPayload}.${s}` },
      { authorization: `Bearer ${otherKey}` },
      { authorization: 'Bearer garbage' },
    ];
    for (const headers of cases) {
      const res = await me(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(json(res).errors?.[0]?.description).toBe(M.notAuthorized);
    }
  });
});
