import { describe, expect, it } from 'vitest';
import { createBridgeEvents } from './bridge-events';
import { REFRESH_LEAD_MS, refreshDelay, startProactiveRefresh } from './proactive-refresh';
import { createTokenRefresher } from './token-refresher';
import { createMemoryTokenStore } from './token-store';

function harness(online: boolean, lifeMs = 900_000) {
  let now = 0;
  const timers: Array<{ at: number; run: () => void; cancelled: boolean }> = [];
  const onlineListeners = new Set<() => void>();
  const tokens = createMemoryTokenStore({ accessToken: 'a-1', refreshToken: 'r-1', expiresAt: lifeMs });
  const events = createBridgeEvents();
  let refreshes = 0;
  const refresher = createTokenRefresher({
    tokens,
    refresh: () => {
      refreshes += 1;
      return Promise.resolve({ accessToken: `a-${refreshes + 1}`, refreshToken: `r-${refreshes + 1}`, expiresAt: now + lifeMs });
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
    // The refresh reads and writes the store and takes the cross-tab lock: let all of that settle.
    await new Promise((resolve) => setTimeout(resolve, 0));
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
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.refreshes()).toBe(1);
    h.stop();
  });

  it('with a life shorter than two leads, refreshes halfway through what is left, not at once in a loop', async () => {
    const h = harness(true, 10_000);
    await h.advanceTo(4_999);
    expect(h.refreshes()).toBe(0);
    await h.advanceTo(5_000);
    expect(h.refreshes()).toBe(1);
    // The new pair lives until 15 000: the next refresh comes at 10 000.
    await h.advanceTo(9_999);
    expect(h.refreshes()).toBe(1);
    await h.advanceTo(10_000);
    expect(h.refreshes()).toBe(2);
    h.stop();
  });

  it('is due a lead before expiry, halfway for short lives, at once when expired', () => {
    expect(refreshDelay(900_000, 0)).toBe(900_000 - REFRESH_LEAD_MS);
    expect(refreshDelay(2 * REFRESH_LEAD_MS + 2, 0)).toBe(REFRESH_LEAD_MS + 2);
    expect(refreshDelay(2 * REFRESH_LEAD_MS, 0)).toBe(REFRESH_LEAD_MS);
    expect(refreshDelay(10_000, 0)).toBe(5_000);
    expect(refreshDelay(1_000, 5_000)).toBe(0);
  });
});
