import type { AddressInfo } from 'node:net';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppDatabase, type AppDatabase } from '../../src/db/database';
import { makeOrder, makeSyncTask } from '../../src/db/testing/documents';
import { fakeAppStorage } from '../../src/db/testing/fake-storage';
import { createAppBridge, type AppBridge } from '../../src/replication/app-bridge';
import { fetchMe } from '../../src/replication/auth-api';
import { createIndexedDbTokenStore, LEGACY_TOKENS_KEY } from '../../src/replication/indexeddb-token-store';
import { createLogoutQueue } from '../../src/replication/logout-queue';
import { createDatabaseProfileCache } from '../../src/replication/profile-cache';
import { createLocalLock, type RefreshLock } from '../../src/replication/refresh-lock';
import { broadcastTabSignal, type TabSignal } from '../../src/replication/tab-signal';
import { SessionController } from '../../src/ui/shared/session/session-controller';
import { addMember, createBuyer, createCustomer, type TestCustomer } from './helpers/factory';
import { MemoryStorage } from './helpers/memory-storage';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * One browser, several tabs, one session, against the real bridge with 10-second access tokens and a clock
 * the test moves: each tab has its own session controller, bridge client and refresher, over one IndexedDB
 * (tokens and local database), one localStorage and one refresh lock, as tabs of one origin share them.
 */
const TTL_MS = 10_000;
let nowMs = Date.now();
const clock = { now: () => nowMs };
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { ACCESS_TOKEN_TTL_SECONDS: String(TTL_MS / 1000) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

const closing: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

let browsers = 0;

/** One browser origin: what its tabs share. */
async function browser() {
  browsers += 1;
  const indexedDB = new IDBFactory();
  const storage = new MemoryStorage();
  const lock: RefreshLock = createLocalLock();
  const channel = `session-tabs-${browsers}`;
  const db: AppDatabase = await createAppDatabase({ storage: fakeAppStorage(indexedDB), devMode: true });
  closing.push(async () => {
    await db.close();
  });
  const requests = { refresh: 0, logout: 0 };
  function tab(): { controller: SessionController; bridge: AppBridge } {
    const signal: TabSignal = broadcastTabSignal(channel);
    closing.push(() => signal.close());
    const bridge = createAppBridge({
      baseUrl,
      tokens: createIndexedDbTokenStore({ indexedDB, legacy: storage, signal }),
      cookies: { get: () => '', set: () => undefined },
      refreshLock: lock,
      now: clock.now,
      fetch: (input, init) => {
        if (input.endsWith('/api/client/user/refresh')) requests.refresh += 1;
        if (input.endsWith('/api/client/user/logout')) requests.logout += 1;
        return fetch(input, init);
      },
    });
    const controller = new SessionController({
      bridge,
      storage,
      profiles: createDatabaseProfileCache(() => Promise.resolve(db)),
      reload: () => undefined,
    });
    return { controller, bridge };
  }
  return { tab, db, storage, indexedDB, requests };
}

async function member(): Promise<TestCustomer> {
  const user = await createCustomer(t.db);
  const buyer = await createBuyer(t.db);
  await addMember(t.db, buyer.id, user.id, true);
  return user;
}

type Tab = ReturnType<Awaited<ReturnType<typeof browser>>['tab']>;

async function started(tab: Tab): Promise<Tab> {
  tab.controller.start();
  await expect.poll(() => tab.controller.store.get().status).not.toBe('loading');
  return tab;
}

describe('three tabs of one browser', () => {
  it('stay signed in across several token lifetimes: one refresh per lifetime, every tab on the new pair', async () => {
    const user = await member();
    const site = await browser();
    const first = await started(site.tab());
    await first.controller.login(user.email, user.password);
    const tabs = [first, await started(site.tab()), await started(site.tab())];
    for (const tab of tabs) expect(tab.controller.store.get().status).toBe('authenticated');

    for (let lifetime = 1; lifetime <= 4; lifetime += 1) {
      const before = site.requests.refresh;
      nowMs += TTL_MS - 2_000;
      // Every tab's timer fires at the same moment: they all follow the same pair.
      expect(await Promise.all(tabs.map((tab) => tab.bridge.refresher.refreshNow()))).toEqual([true, true, true]);
      expect(site.requests.refresh - before).toBe(1);
      const pairs = tabs.map((tab) => tab.bridge.tokens.read());
      expect(new Set(pairs.map((p) => p?.refreshToken)).size).toBe(1);
    }
    // Past expiry without a timer (a sleeping laptop): each tab's call meets 401, and one refresh serves all.
    nowMs += TTL_MS + 1_000;
    const before = site.requests.refresh;
    const profiles = await Promise.all(tabs.map((tab) => fetchMe(tab.bridge.client)));
    expect(profiles.map((p) => p.email)).toEqual([user.email, user.email, user.email]);
    expect(site.requests.refresh - before).toBe(1);
    for (const tab of tabs) expect(tab.controller.store.get()).toMatchObject({ status: 'authenticated', endReason: null });
  });

  it('a logout in one tab signs the others out; the bridge is told once', async () => {
    const user = await member();
    const site = await browser();
    const tabs = [await started(site.tab()), await started(site.tab()), await started(site.tab())];
    await tabs[0]?.controller.login(user.email, user.password);
    await expect
      .poll(() => tabs.map((tab) => tab.controller.store.get().status))
      .toEqual(['authenticated', 'authenticated', 'authenticated']);

    await tabs[1]?.controller.logout();
    await expect.poll(() => tabs.map((tab) => tab.controller.store.get().status)).toEqual(['anonymous', 'anonymous', 'anonymous']);
    expect(tabs.map((tab) => tab.controller.store.get().endReason)).toEqual(['logout', 'logout', 'logout']);
    expect(tabs.map((tab) => tab.bridge.tokens.read())).toEqual([null, null, null]);
    await tabs[1]?.controller.deliverLogouts();
    expect(site.requests.logout).toBe(1);
  });
});

describe('a session the bridge ended', () => {
  it('signs every tab out, and keeps the queued tasks and orders that have not reached the bridge', async () => {
    const user = await member();
    const site = await browser();
    const [a, b] = [await started(site.tab()), await started(site.tab())];
    await a.controller.login(user.email, user.password);
    await expect.poll(() => b.controller.store.get().status).toBe('authenticated');
    await site.db.sync_tasks.bulkInsert([makeSyncTask({ id: 'queued' }), makeSyncTask({ id: 'sent', transmited: true, cacheable: false })]);
    await site.db.orders.bulkInsert([makeOrder({ id: 'queued-order' }), makeOrder({ id: 'sent-order', transmited: true })]);

    // Ended elsewhere (a password change on another device); the access token expires, the refresh is refused.
    await t.db.query("update session_families set revoked_at = now(), revoked_reason = 'password' where customer_id = $1", [user.id]);
    nowMs += TTL_MS + 1_000;
    await expect(fetchMe(b.bridge.client)).rejects.toMatchObject({ code: 401 });

    await expect.poll(() => [a, b].map((tab) => tab.controller.store.get().status)).toEqual(['anonymous', 'anonymous']);
    expect(b.controller.store.get().endReason).toBe('expired');
    await expect.poll(async () => (await site.db.sync_tasks.find().exec()).map((task) => task.id)).toEqual(['queued']);
    expect((await site.db.orders.find().exec()).map((order) => order.id)).toEqual(['queued-order']);
  });
});

describe('starting a tab', () => {
  it('moves the tokens an earlier version kept in localStorage, and is signed in', async () => {
    const user = await member();
    const site = await browser();
    const earlier = await started(site.tab());
    await earlier.controller.login(user.email, user.password);
    const pair = earlier.bridge.tokens.read();
    await earlier.bridge.tokens.clear();
    site.storage.setItem(LEGACY_TOKENS_KEY, JSON.stringify(pair));

    const tab = await started(site.tab());
    expect(tab.controller.store.get().status).toBe('authenticated');
    expect(tab.bridge.tokens.read()).toEqual(pair);
    expect(site.storage.getItem(LEGACY_TOKENS_KEY)).toBeNull();
    expect((await fetchMe(tab.bridge.client)).email).toBe(user.email);
  });

  it('finishes a logout whose tab closed before IndexedDB forgot the tokens', async () => {
    const user = await member();
    const site = await browser();
    const earlier = await started(site.tab());
    await earlier.controller.login(user.email, user.password);
    const pair = earlier.bridge.tokens.read();
    if (!pair) throw new Error('login stored no tokens');
    // What a logout writes synchronously, without the asynchronous removal from IndexedDB that was cut off.
    createLogoutQueue({ storage: site.storage, send: () => Promise.resolve(), now: clock.now }).add(pair.refreshToken);

    const tab = await started(site.tab());
    expect(tab.controller.store.get().status).toBe('anonymous');
    expect(await tab.bridge.tokens.load()).toBeNull();
  });
});
