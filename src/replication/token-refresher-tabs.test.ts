import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { M } from '../contracts/messages';
import { BridgeError } from './bridge-error';
import { createIndexedDbTokenStore } from './indexeddb-token-store';
import { createLocalLock, unlockedRefresh, webRefreshLock, type RefreshLock } from './refresh-lock';
import { broadcastTabSignal, type TabSignal } from './tab-signal';
import { createTokenRefresher, type TokenRefresher } from './token-refresher';
import type { TokenPair, TokenStore } from './token-store';

/**
 * Several tabs of one origin refreshing one session: each tab has its own refresher and its own copy of the
 * tokens, over one IndexedDB and one lock, against a bridge that rotates refresh tokens.
 */

const FIRST: TokenPair = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: 1_000 };

/**
 * The bridge's rule for refresh tokens: each is good once; presented again it is theft and ends the
 * session, unless `grace` is on and its successor is still unused (a concurrent duplicate, answered with the
 * same successor). Every call takes `latencyMs`, so calls made together overlap.
 */
function rotatingBridge(options: { grace: boolean; latencyMs?: number }) {
  const successorOf = new Map<string, string>([]);
  const used = new Set<string>();
  const valid = new Set(['refresh-1']);
  const presented: string[] = [];
  let issued = 1;
  let revoked = false;
  const refused = () => new BridgeError(401, M.tokenRefreshFailed, 'http');
  return {
    presented,
    get revoked() {
      return revoked;
    },
    async refresh(token: string): Promise<TokenPair> {
      presented.push(token);
      await new Promise((resolve) => setTimeout(resolve, options.latencyMs ?? 5));
      if (revoked || !valid.has(token)) throw refused();
      const successor = successorOf.get(token);
      if (used.has(token)) {
        if (options.grace && successor && !used.has(successor)) return pairFor(successor);
        revoked = true;
        throw refused();
      }
      used.add(token);
      issued += 1;
      const next = `refresh-${issued}`;
      successorOf.set(token, next);
      valid.add(next);
      return pairFor(next);
    },
  };
}

function pairFor(refreshToken: string): TokenPair {
  const n = Number(refreshToken.split('-')[1]);
  return { accessToken: `access-${n}-${Math.random()}`, refreshToken, expiresAt: n * 1_000 };
}

const signals: TabSignal[] = [];
let origins = 0;
afterEach(() => {
  for (const signal of signals.splice(0)) signal.close();
});

interface Tab {
  tokens: TokenStore;
  refresher: TokenRefresher;
  lost: number;
}

async function openTabs(count: number, lock: RefreshLock, bridge: ReturnType<typeof rotatingBridge>): Promise<Tab[]> {
  origins += 1;
  const indexedDB = new IDBFactory();
  const channel = `refresher-tabs-${origins}`;
  const tabs: Tab[] = [];
  for (let i = 0; i < count; i += 1) {
    const signal = broadcastTabSignal(channel);
    signals.push(signal);
    const tokens = createIndexedDbTokenStore({ indexedDB, signal });
    const tab: Tab = { tokens, lost: 0, refresher: null as unknown as TokenRefresher };
    tab.refresher = createTokenRefresher({
      tokens,
      crossTabLock: lock,
      refresh: (token) => bridge.refresh(token),
      onSessionLost: () => void (tab.lost += 1),
      retryWaitMs: 0,
    });
    tabs.push(tab);
  }
  await tabs[0]?.tokens.write(FIRST);
  await Promise.all(tabs.map((tab) => tab.tokens.load()));
  return tabs;
}

/** Every tab's proactive timer fires at the same moment (they all follow the same pair), `rounds` times. */
async function refreshTogether(tabs: Tab[], rounds: number): Promise<boolean[]> {
  const results: boolean[] = [];
  for (let round = 0; round < rounds; round += 1) {
    results.push(...(await Promise.all(tabs.map((tab) => tab.refresher.refreshNow()))));
  }
  return results;
}

const webLocks = (globalThis as { navigator?: Partial<Navigator> }).navigator?.locks;
const locks: Array<[string, () => RefreshLock]> = [
  ['an in-process lock (Node has no Web Locks)', createLocalLock],
  ...(webLocks
    ? ([['navigator.locks', () => webRefreshLock(webLocks, `refresh-test-${Math.random()}`)]] as Array<[string, () => RefreshLock]>)
    : []),
];

describe.each(locks)('three tabs with %s', (_name, makeLock) => {
  it('refresh at the same moment, round after round: one call per round, every tab on the new pair, nobody signed out', async () => {
    // A bridge without any grace: a second use of a refresh token would end the session.
    const bridge = rotatingBridge({ grace: false });
    const tabs = await openTabs(3, makeLock(), bridge);
    expect(await refreshTogether(tabs, 4)).toEqual(Array.from({ length: 12 }, () => true));
    expect(bridge.presented).toEqual(['refresh-1', 'refresh-2', 'refresh-3', 'refresh-4']);
    expect(bridge.revoked).toBe(false);
    for (const tab of tabs) {
      expect(tab.tokens.read()?.refreshToken).toBe('refresh-5');
      expect(tab.lost).toBe(0);
    }
  });

  it('calls that met 401 in every tab wait for the one refresh and run again with the new token', async () => {
    const bridge = rotatingBridge({ grace: false });
    const tabs = await openTabs(3, makeLock(), bridge);
    const retried = tabs.map((tab) => tab.refresher.recover(async () => tab.tokens.read()?.refreshToken, 0, FIRST.accessToken));
    expect(await Promise.all(retried)).toEqual(['refresh-2', 'refresh-2', 'refresh-2']);
    expect(bridge.presented).toEqual(['refresh-1']);
  });
});

describe('without Web Locks (older browsers)', () => {
  it('tabs that overlap present the same token, and the bridge grace keeps them in one session', async () => {
    const bridge = rotatingBridge({ grace: true, latencyMs: 20 });
    const tabs = await openTabs(3, unlockedRefresh, bridge);
    expect(await refreshTogether(tabs, 3)).toEqual(Array.from({ length: 9 }, () => true));
    // Duplicates happened (nothing kept the tabs apart), yet every tab holds the same, valid, pair.
    expect(bridge.presented.length).toBeGreaterThan(3);
    expect(bridge.revoked).toBe(false);
    const newest = tabs[0]?.tokens.read()?.refreshToken;
    for (const tab of tabs) {
      expect(tab.tokens.read()?.refreshToken).toBe(newest);
      expect(tab.lost).toBe(0);
    }
  });

  it('and would be signed out by a bridge without that grace (why the lock matters)', async () => {
    const bridge = rotatingBridge({ grace: false, latencyMs: 20 });
    const tabs = await openTabs(3, unlockedRefresh, bridge);
    // A tab refused in the first round may still take the pair another tab stored meanwhile; the bridge revoked
    // that session too, so the next round signs the tabs out.
    await refreshTogether(tabs, 2);
    expect(bridge.revoked).toBe(true);
    expect(tabs.reduce((sum, tab) => sum + tab.lost, 0)).toBeGreaterThan(0);
  });
});

describe('a refresh that does not answer', () => {
  /** A tab whose refresh reaches the bridge (which rotates) but whose answer is held back until `deliver`. */
  function stall(tab: Tab, lock: RefreshLock, bridge: ReturnType<typeof rotatingBridge>) {
    const held: { deliver: () => void; refreshed: number } = { deliver: () => undefined, refreshed: 0 };
    tab.refresher = createTokenRefresher({
      tokens: tab.tokens,
      crossTabLock: lock,
      refresh: async (token) => {
        const pair = await bridge.refresh(token);
        await new Promise<void>((resolve) => (held.deliver = resolve));
        return pair;
      },
      onRefreshed: () => void (held.refreshed += 1),
      onSessionLost: () => void (tab.lost += 1),
      timeoutMs: 50,
    });
    return held;
  }

  it('frees the lock after the timeout: the next tab gets the same successor; the late answer then changes nothing', async () => {
    const bridge = rotatingBridge({ grace: true });
    const lock = createLocalLock();
    const [stalled, next] = await openTabs(2, lock, bridge);
    if (!stalled || !next) throw new Error('two tabs expected');
    const held = stall(stalled, lock, bridge);
    const first = stalled.refresher.refreshNow();
    const second = next.refresher.refreshNow();
    await vi.waitFor(() => expect(bridge.presented).toHaveLength(1));
    expect(lock.held).toBe(true);

    expect(await first).toBe(false);
    expect(await second).toBe(true);
    expect(bridge.presented).toEqual(['refresh-1', 'refresh-1']);
    const stored = next.tokens.read();
    expect(stored?.refreshToken).toBe('refresh-2');
    held.deliver();
    await vi.waitFor(() => expect(stalled.tokens.read()).toEqual(stored));
    expect(await next.tokens.load()).toEqual(stored);
    expect(held.refreshed).toBe(0);
    expect(stalled.lost + next.lost).toBe(0);
  });

  it('an answer that comes after the timeout is kept when nobody refreshed meanwhile', async () => {
    const bridge = rotatingBridge({ grace: false });
    const [tab] = await openTabs(1, createLocalLock(), bridge);
    if (!tab) throw new Error('one tab expected');
    const held = stall(tab, createLocalLock(), bridge);
    expect(await tab.refresher.refreshNow()).toBe(false);
    expect(tab.tokens.read()?.refreshToken).toBe('refresh-1');
    held.deliver();
    await vi.waitFor(() => expect(tab.tokens.read()?.refreshToken).toBe('refresh-2'));
    expect(held.refreshed).toBe(1);
    expect(bridge.presented).toEqual(['refresh-1']);
  });
});
