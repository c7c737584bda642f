import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { Db } from '../../server/db/client';
import { signAccessToken, signToken } from '../../server/services/access-token';
import { issuePasswordToken } from '../../server/services/password-tokens';
import { REFRESH_REUSE_GRACE_MS } from '../../server/services/refresh-tokens';
import { SESSION_STATUS_TTL_MS } from '../../server/services/session-status';
import { M } from '../../src/contracts/messages';
import { createCustomer, TEST_PASSWORD, type TestCustomer } from './helpers/factory';
import { createTestApp, json, TEST_JWT_SECRET, type TestApp } from './helpers/test-app';

/**
 * Sessions end on the server: logout, refresh-token reuse, password change and reset stop the refresh
 * tokens AND the access tokens of the sessions they end. Two bridge instances share one database:
 * `t.app` (A) performs the event, `other` (B) only has its cached view, which may be at most
 * SESSION_STATUS_TTL_MS old on the shared clock.
 */
let nowMs = Date.now();
const clock = { now: () => nowMs };
const passBound = (): void => {
  nowMs += SESSION_STATUS_TTL_MS;
};

let t: TestApp;
let other: FastifyInstance;
/** Statements instance B sent that read session state. */
let sessionReadsOnB = 0;

function counting(db: Db): Db {
  return {
    ...db,
    query: (sql, params) => {
      if (sql.includes('session_families')) sessionReadsOnB += 1;
      return db.query(sql, params);
    },
  };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  other = await buildApp({ config: t.config, db: counting(t.db), clock, logger: false, distDir: path.join(t.config.dataDir, 'no-dist') });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

let ipCounter = 0;
const nextIp = () => `10.40.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const post = (app: FastifyInstance, url: string, payload: object, token?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: nextIp(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

type Session = { token: string; refreshToken: string };

async function login(user: TestCustomer, password = user.password): Promise<Session> {
  const res = await post(t.app, '/api/client/user/login', { username: user.email, password });
  expect(res.statusCode).toBe(200);
  const body = json(res);
  return { token: body.result as string, refreshToken: (body.meta as { refreshToken: string }).refreshToken };
}

async function refresh(refreshToken: string): Promise<{ status: number; session: Session }> {
  const res = await post(t.app, '/api/client/user/refresh', { refreshToken });
  const body = json(res);
  return {
    status: res.statusCode,
    session: { token: body.result as string, refreshToken: (body.meta as { refreshToken?: string } | undefined)?.refreshToken ?? '' },
  };
}

const logout = (refreshToken: unknown, app = t.app) => post(app, '/api/client/user/logout', { refreshToken });

async function me(app: FastifyInstance, token: string): Promise<{ status: number; description: string | undefined }> {
  const res = await app.inject({ method: 'GET', url: '/api/bridge/user/me', headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, description: json(res).errors?.[0]?.description };
}

const refused = { status: 401, description: M.notAuthorized };
const accepted = { status: 200, description: undefined };

describe('POST /api/client/user/logout', () => {
  it('ends the session of the refresh token: its refresh token and access token stop working', async () => {
    const user = await createCustomer(t.db);
    const session = await login(user);
    const res = await logout(session.refreshToken);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ code: 200, result: M.loggedOut });
    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect(await me(t.app, session.token)).toEqual(refused);
  });

  it('keeps the other sessions of the same customer working', async () => {
    const user = await createCustomer(t.db);
    const phone = await login(user);
    const laptop = await login(user);
    await logout(phone.refreshToken);
    expect(await me(t.app, laptop.token)).toEqual(accepted);
    passBound();
    expect(await me(other, laptop.token)).toEqual(accepted);
    expect((await refresh(laptop.refreshToken)).status).toBe(200);
  });

  it('needs no access token, and an expired one in the header does not stop it', async () => {
    const user = await createCustomer(t.db);
    const session = await login(user);
    nowMs += 901_000;
    expect(await me(t.app, session.token)).toEqual(refused);
    const res = await post(t.app, '/api/client/user/logout', { refreshToken: session.refreshToken }, session.token);
    expect(res.statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).status).toBe(401);
  });

  it('ends the family from an older, already rotated refresh token too', async () => {
    const user = await createCustomer(t.db);
    const first = await login(user);
    const rotated = await refresh(first.refreshToken);
    expect(rotated.status).toBe(200);
    expect((await logout(first.refreshToken)).statusCode).toBe(200);
    expect((await refresh(rotated.session.refreshToken)).status).toBe(401);
    expect(await me(t.app, rotated.session.token)).toEqual(refused);
  });

  it('answers a repeated logout and an unknown token the same way, and refuses malformed bodies with 400', async () => {
    const user = await createCustomer(t.db);
    const session = await login(user);
    const first = await logout(session.refreshToken);
    const again = await logout(session.refreshToken);
    const unknown = await logout('never-issued-by-this-bridge');
    for (const res of [first, again, unknown]) expect([res.statusCode, json(res)]).toEqual([200, { code: 200, result: M.loggedOut }]);
    for (const bad of ['', 'x'.repeat(201), 42, null]) {
      const res = await logout(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('access tokens of an ended session stop working on every instance within the bound', () => {
  /**
   * Warms both caches with accepted requests, runs `end` on A, then checks A at once (it ended the
   * session itself) and B once the bound has passed (B learns it from the database).
   */
  async function expectEndedEverywhere(tokens: string[], end: () => Promise<void>): Promise<void> {
    for (const token of tokens) expect([await me(t.app, token), await me(other, token)]).toEqual([accepted, accepted]);
    await end();
    for (const token of tokens) expect(await me(t.app, token)).toEqual(refused);
    passBound();
    for (const token of tokens) expect(await me(other, token)).toEqual(refused);
  }

  it('after a logout (that session only)', async () => {
    const user = await createCustomer(t.db);
    const session = await login(user);
    await expectEndedEverywhere([session.token], async () => {
      expect((await logout(session.refreshToken)).statusCode).toBe(200);
    });
  });

  it('after a password change: every session of the customer, the one that changed it included', async () => {
    const user = await createCustomer(t.db);
    const phone = await login(user);
    const laptop = await login(user);
    const bystander = await login(await createCustomer(t.db));
    await expectEndedEverywhere([phone.token, laptop.token], async () => {
      const res = await post(
        t.app,
        '/api/client/user/password/change',
        { old_password: TEST_PASSWORD, new_password: 'Fresh#Pass7' },
        phone.token,
      );
      expect(res.statusCode).toBe(200);
    });
    expect((await refresh(laptop.refreshToken)).status).toBe(401);
    expect(await me(other, bystander.token)).toEqual(accepted);
    // The new password opens a new session that works.
    const fresh = await login(user, 'Fresh#Pass7');
    expect(await me(other, fresh.token)).toEqual(accepted);
  });

  it('after a password reset by mail: every session of the customer', async () => {
    const user = await createCustomer(t.db);
    const phone = await login(user);
    const laptop = await login(user);
    const resetToken = await issuePasswordToken(t.db, user.id, 'reset', clock.now());
    await expectEndedEverywhere([phone.token, laptop.token], async () => {
      const res = await post(t.app, '/api/client/user/password/reset', {
        password: 'Reset#Pass7',
        confirm_password: 'Reset#Pass7',
        token: resetToken,
      });
      expect(res.statusCode).toBe(200);
    });
  });

  it('after the reuse of a used refresh token revoked the family: the newest access token too', async () => {
    const user = await createCustomer(t.db);
    const session = await login(user);
    const rotated = await refresh(session.refreshToken);
    const laptop = await login(user);
    // Past the window in which a second presentation counts as a concurrent duplicate of the first.
    nowMs += REFRESH_REUSE_GRACE_MS + 1;
    await expectEndedEverywhere([session.token, rotated.session.token], async () => {
      expect((await refresh(session.refreshToken)).status).toBe(401);
    });
    expect(await me(other, laptop.token)).toEqual(accepted);
  });

  it('after a revocation written to the database by another instance (B learns it only from the database)', async () => {
    const user = await createCustomer(t.db);
    const session = await login(user);
    expect(await me(other, session.token)).toEqual(accepted);
    await t.db.query("update session_families set revoked_at = now(), revoked_reason = 'logout' where customer_id = $1", [user.id]);
    passBound();
    expect(await me(other, session.token)).toEqual(refused);
  });
});

describe('the session check', () => {
  it('asks the database about an open session at most once per bound on an instance', async () => {
    const user = await createCustomer(t.db);
    const session = await login(user);
    passBound();
    const before = sessionReadsOnB;
    for (let i = 0; i < 10; i += 1) expect(await me(other, session.token)).toEqual(accepted);
    expect(sessionReadsOnB - before).toBe(1);
    passBound();
    expect(await me(other, session.token)).toEqual(accepted);
    expect(sessionReadsOnB - before).toBe(2);
  });

  it('refuses a token whose session belongs to another customer, and an events ticket used as an access token', async () => {
    const alice = await createCustomer(t.db);
    const mallory = await createCustomer(t.db);
    const session = await login(alice);
    const [row] = await t.db.query<{ family_id: string }>('select family_id from session_families where customer_id = $1', [alice.id]);
    const familyId = row?.family_id ?? '';
    const crossed = signAccessToken(TEST_JWT_SECRET, { customerId: mallory.id, familyId }, 900, clock.now());
    expect(await me(t.app, crossed)).toEqual(refused);
    const ticket = signToken(TEST_JWT_SECRET, 'events', { customerId: alice.id, familyId }, 60, clock.now());
    expect(await me(t.app, ticket)).toEqual(refused);
    const unknownFamily = signAccessToken(TEST_JWT_SECRET, { customerId: alice.id, familyId: 'no-such-family' }, 900, clock.now());
    expect(await me(t.app, unknownFamily)).toEqual(refused);
    expect(await me(t.app, session.token)).toEqual(accepted);
  });
});
