import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppBridge } from '../../src/replication/app-bridge';
import { PENDING_LOGOUTS_KEY } from '../../src/replication/logout-queue';
import { createMemoryProfileCache } from '../../src/replication/profile-cache';
import { createMemoryTokenStore } from '../../src/replication/token-store';
import { SessionController } from '../../src/ui/shared/session/session-controller';
import { addMember, createBuyer, createCustomer, type TestCustomer } from './helpers/factory';
import { MemoryStorage } from './helpers/memory-storage';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The storefront's logout against the real bridge: it ends the session on this device at once, and on
 * the bridge as soon as it can be reached (queued in the page's storage while offline, sent when the
 * connection returns or at the next start), exactly once in effect.
 */
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

type Network = 'online' | 'offline' | 'stalled';

/** One storefront run: the real session controller and bridge client over a switchable network. */
function storefront(storage: Storage, network: { mode: Network; logoutCalls: number }) {
  const tokens = createMemoryTokenStore();
  const bridge = createAppBridge({
    baseUrl,
    tokens,
    cookies: { get: () => '', set: () => undefined },
    fetch: (input, init) => {
      if (input.endsWith('/api/client/user/logout')) network.logoutCalls += 1;
      if (network.mode === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
      if (network.mode === 'stalled') return new Promise<Response>(() => undefined);
      return fetch(input, init);
    },
  });
  const controller = new SessionController({ bridge, storage, profiles: createMemoryProfileCache(), reload: () => undefined });
  return { controller, tokens };
}

async function member(): Promise<TestCustomer> {
  const user = await createCustomer(t.db);
  const buyer = await createBuyer(t.db);
  await addMember(t.db, buyer.id, user.id, true);
  return user;
}

async function meStatus(accessToken: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/bridge/user/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  return res.status;
}

async function refreshStatus(refreshToken: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/client/user/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
  return res.status;
}

async function signIn(user: TestCustomer, app: ReturnType<typeof storefront>) {
  await app.controller.login(user.email, user.password);
  const pair = app.tokens.read();
  if (!pair) throw new Error('login stored no tokens');
  return pair;
}

describe('storefront logout', () => {
  it('ends the session on the bridge: the old tokens are refused there, other devices keep theirs', async () => {
    const user = await member();
    const network = { mode: 'online' as Network, logoutCalls: 0 };
    const phone = storefront(new MemoryStorage(), network);
    const laptop = storefront(new MemoryStorage(), network);
    const onPhone = await signIn(user, phone);
    const onLaptop = await signIn(user, laptop);
    await phone.controller.logout();
    await phone.controller.deliverLogouts();
    expect(network.logoutCalls).toBe(1);
    expect(await meStatus(onPhone.accessToken)).toBe(401);
    expect(await refreshStatus(onPhone.refreshToken)).toBe(401);
    expect(await meStatus(onLaptop.accessToken)).toBe(200);
  });

  it('does not wait for the bridge: a stalled call leaves the device logged out at once', async () => {
    const user = await member();
    const network = { mode: 'online' as Network, logoutCalls: 0 };
    const storage = new MemoryStorage();
    const app = storefront(storage, network);
    await signIn(user, app);
    network.mode = 'stalled';
    await app.controller.logout();
    expect(app.tokens.read()).toBeNull();
    expect(app.controller.store.get().status).toBe('anonymous');
    expect(network.logoutCalls).toBe(1);
    // Not confirmed yet, so still queued for the next chance.
    expect(storage.getItem(PENDING_LOGOUTS_KEY)).not.toBeNull();
  });

  it('offline: queued, sent once the connection returns, and not sent again', async () => {
    const user = await member();
    const network = { mode: 'online' as Network, logoutCalls: 0 };
    const storage = new MemoryStorage();
    const app = storefront(storage, network);
    const pair = await signIn(user, app);
    network.mode = 'offline';
    await app.controller.logout();
    expect(app.tokens.read()).toBeNull();
    await app.controller.deliverLogouts();
    expect(await meStatus(pair.accessToken)).toBe(200);
    network.mode = 'online';
    await app.controller.deliverLogouts();
    expect(await meStatus(pair.accessToken)).toBe(401);
    expect(await refreshStatus(pair.refreshToken)).toBe(401);
    const calls = network.logoutCalls;
    await app.controller.deliverLogouts();
    expect(network.logoutCalls).toBe(calls);
    expect(storage.getItem(PENDING_LOGOUTS_KEY)).toBeNull();
  });

  it('a logout queued before the app closed is sent at the next start', async () => {
    const user = await member();
    const network = { mode: 'online' as Network, logoutCalls: 0 };
    const storage = new MemoryStorage();
    const before = storefront(storage, network);
    const pair = await signIn(user, before);
    network.mode = 'offline';
    await before.controller.logout();
    network.mode = 'online';
    const after = storefront(storage, network);
    const calls = network.logoutCalls;
    after.controller.start();
    await expect.poll(() => storage.getItem(PENDING_LOGOUTS_KEY)).toBeNull();
    expect(network.logoutCalls).toBe(calls + 1);
    expect(await refreshStatus(pair.refreshToken)).toBe(401);
  });
});
