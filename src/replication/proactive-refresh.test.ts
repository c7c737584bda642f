import { describe, expect, it } from 'vitest';
import { createBridgeEvents } from './bridge-events';
import { REFRESH_LEAD_MS, startProactiveRefresh } from './proactive-refresh';
import { createTokenRefresher } from './token-refresher';
import { createMemoryTokenStore } from './token-store';

function harness(online: boolean) {
  let now = 0;
  const timers: Array<{ at: number; run: () => void; cancelled: boolean }> = [];
  const onlineListeners = new Set<() => void>();
  const tokens = createMemoryTokenStore({ accessToken: 'a-1', refreshToken: 'r-1', expiresAt: 900_000 });
  const events = createBridgeEvents();
  let refreshes = 0;
  const refresher = createTokenRefresher({
    tokens,
    refresh: () => {
      refreshes += 1;
      return Promise.resolve({ accessToken: `a-${refreshes + 1}`, refreshToken: `r-${refreshes + 1}`, expiresAt: now + 900_000 });
    },
    onRefreshed: () => events.emit('tokens-changed'),
    onSessionLost: () => undefined,
  });
  const state = { online };
  const stop = startProactiveRefresh({
    tokens,
    refresher,
    events,
    now: () => now,
    isOnline: () => state.online,
    onOnline: (listener) => {
      onlineListeners.add(listener);
      return () => onlineListeners.delete(listener);
    },
    setTimer: (run, ms) => {
      const timer = { at: now + ms, run, cancelled: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      (handle as { cancelled: boolean }).cancelled = true;
    },
  });
  async function advanceTo(t: number) {
    now = t;
    for (const timer of timers.filter((x) => !x.cancelled && x.at <= t)) {
      timer.cancelled = true;
      timer.run();
    }
    await Promise.resolve();
    await Promise.resolve();
  }
  return { tokens, advanceTo, refreshes: () => refreshes, state, onlineListeners, stop };
}

describe('proactive refresh', () => {
  it('refreshes a minute before expiry, then schedules the next one for the new token', async () => {
    const h = harness(true);
    await h.advanceTo(900_000 - REFRESH_LEAD_MS - 1);
    expect(h.refreshes()).toBe(0);
    await h.advanceTo(900_000 - REFRESH_LEAD_MS);
    expect(h.refreshes()).toBe(1);
    expect(h.tokens.read()?.accessToken).toBe('a-2');
    await h.advanceTo(840_000 + 900_000 - REFRESH_LEAD_MS);
    expect(h.refreshes()).toBe(2);
    h.stop();
  });

  it('waits for the connection when the token runs out offline', async () => {
    const h = harness(false);
    await h.advanceTo(900_000);
    expect(h.refreshes()).toBe(0);
    h.state.online = true;
    for (const listener of [...h.onlineListeners]) listener();
    await Promise.resolve();
    expect(h.refreshes()).toBe(1);
    h.stop();
  });
});
