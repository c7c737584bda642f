import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_MS, rotateRefreshToken, successorOf } from '../../server/services/refresh-tokens';
import { SESSION_STATUS_TTL_MS } from '../../server/services/session-status';
import { M } from '../../src/contracts/messages';
import { createCustomer } from './helpers/factory';
import { createTestApp, json, TEST_JWT_SECRET, type TestApp } from './helpers/test-app';

/**
 * Refreshing one session from several tabs (decision 005, "Refreshing from several tabs"): the same refresh
 * token presented again within REFRESH_REUSE_GRACE_MS of its first use, while its successor is unused, is a
 * concurrent duplicate and gets that same successor; presented later, or after its successor was itself
 * used, it is theft and ends the session, its newest tokens included.
 */
let nowMs = Date.now();
const clock = { now: () => nowMs };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

type Pair = { token: string; refreshToken: string };

async function login(): Promise<Pair> {
  const user = await createCustomer(t.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/client/user/login',
    payload: { username: user.email, password: user.password },
  });
  expect(res.statusCode).toBe(200);
  const body = json(res);
  return { token: body.result as string, refreshToken: (body.meta as { refreshToken: string }).refreshToken };
}

async function refresh(refreshToken: string): Promise<{ status: number; pair: Pair; description?: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/client/user/refresh', payload: { refreshToken } });
  const body = json(res);
  return {
    status: res.statusCode,
    pair: { token: String(body.result), refreshToken: String((body.meta as { refreshToken?: string } | undefined)?.refreshToken) },
    description: body.errors?.[0]?.description,
  };
}

async function meStatus(token: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/bridge/user/me', headers: { authorization: `Bearer ${token}` } });
  return res.statusCode;
}

/** Refused now and for good: the refresh token, and the access token once the session check's bound passed. */
async function expectEnded(pair: Pair): Promise<void> {
  expect((await refresh(pair.refreshToken)).status).toBe(401);
  nowMs += SESSION_STATUS_TTL_MS;
  expect(await meStatus(pair.token)).toBe(401);
}

describe('a refresh token presented again', () => {
  it('within the window, while its successor is unused: the same successor and a working access token', async () => {
    const session = await login();
    const first = await refresh(session.refreshToken);
    nowMs += REFRESH_REUSE_GRACE_MS;
    const again = await refresh(session.refreshToken);
    const third = await refresh(session.refreshToken);

    expect([first.status, again.status, third.status]).toEqual([200, 200, 200]);
    expect(again.pair.refreshToken).toBe(first.pair.refreshToken);
    expect(third.pair.refreshToken).toBe(first.pair.refreshToken);
    expect(again.pair.refreshToken).not.toBe(session.refreshToken);
    expect(await meStatus(again.pair.token)).toBe(200);
    expect(await meStatus(first.pair.token)).toBe(200);
    // The session goes on from the shared successor, and its access tokens name the same session.
    const next = await refresh(again.pair.refreshToken);
    expect(next.status).toBe(200);
    expect(await meStatus(next.pair.token)).toBe(200);
    expect(t.logs()).toContain('refresh duplicate within the grace window');
  });

  it('after the window: theft, the session ends with its newest tokens', async () => {
    const session = await login();
    const first = await refresh(session.refreshToken);
    nowMs += REFRESH_REUSE_GRACE_MS + 1;
    const late = await refresh(session.refreshToken);
    expect(late.status).toBe(401);
    expect(late.description).toBe(M.tokenRefreshFailed);
    await expectEnded(first.pair);
  });

  it('after its successor was used, even within the window: theft', async () => {
    const session = await login();
    const first = await refresh(session.refreshToken);
    const second = await refresh(first.pair.refreshToken);
    expect(second.status).toBe(200);
    nowMs += 1000;
    expect((await refresh(session.refreshToken)).status).toBe(401);
    await expectEnded(second.pair);
  });

  it('a used successor presented again after the window is theft too, however the chain went', async () => {
    const session = await login();
    const first = await refresh(session.refreshToken);
    const second = await refresh(first.pair.refreshToken);
    nowMs += REFRESH_REUSE_GRACE_MS + 1;
    expect((await refresh(first.pair.refreshToken)).status).toBe(401);
    await expectEnded(second.pair);
  });

  it('a clock a little behind the instance that rotated (shared database) still sees a duplicate', async () => {
    const session = await login();
    const first = await refresh(session.refreshToken);
    nowMs -= REFRESH_REUSE_GRACE_MS;
    const again = await refresh(session.refreshToken);
    expect(again.status).toBe(200);
    expect(again.pair.refreshToken).toBe(first.pair.refreshToken);
    nowMs -= 1;
    expect((await refresh(session.refreshToken)).status).toBe(401);
  });
});

describe('successors', () => {
  it('depend on the bridge secret: under another secret a duplicate cannot be matched and counts as reuse', async () => {
    const session = await login();
    const first = await refresh(session.refreshToken);
    expect(first.pair.refreshToken).toBe(successorOf(TEST_JWT_SECRET, session.refreshToken));
    expect(successorOf(`${TEST_JWT_SECRET}-rotated`, session.refreshToken)).not.toBe(first.pair.refreshToken);
    await expect(rotateRefreshToken(t.db, session.refreshToken, nowMs, `${TEST_JWT_SECRET}-rotated`)).rejects.toMatchObject({
      code: 'reused',
    });
    expect((await refresh(first.pair.refreshToken)).status).toBe(401);
  });

  it('a login token and its successor look alike (43 base64url characters), and differ per token', async () => {
    const a = await login();
    const b = await login();
    const [sa, sb] = [(await refresh(a.refreshToken)).pair.refreshToken, (await refresh(b.refreshToken)).pair.refreshToken];
    for (const token of [a.refreshToken, sa, sb]) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sa).not.toBe(sb);
  });
});
