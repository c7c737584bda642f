import type { BridgeEvents } from './bridge-events';
import type { TokenRefresher } from './token-refresher';
import type { TokenStore } from './token-store';

/** Refresh this long before the access token expires, so calls rarely meet a 401 at all. */
export const REFRESH_LEAD_MS = 60_000;

/**
 * When the next refresh is due: REFRESH_LEAD_MS before expiry, or halfway through what is left of a life
 * shorter than two leads (a bridge configured with short tokens would otherwise be asked again at once,
 * in a loop).
 */
export function refreshDelay(expiresAt: number, now: number): number {
  const remaining = expiresAt - now;
  return Math.max(0, remaining > 2 * REFRESH_LEAD_MS ? remaining - REFRESH_LEAD_MS : remaining / 2);
}

export interface ProactiveRefreshDeps {
  tokens: TokenStore;
  refresher: TokenRefresher;
  events: BridgeEvents;
  now(): number;
  isOnline(): boolean;
  /** Subscribes to the browser going online; returns the unsubscribe. */
  onOnline(listener: () => void): () => void;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/**
 * Keeps the access token fresh while the app runs: one timer per token pair, fired `REFRESH_LEAD_MS`
 * before expiry. Offline, it waits for the connection instead (a refresh would only fail). Every tab runs
 * one; they all see the same pair and fire together, and the refresher's cross-tab lock lets one of them
 * call the bridge while the others find the new pair already stored.
 */
export function startProactiveRefresh(deps: ProactiveRefreshDeps): () => void {
  let timer: unknown = null;
  let stopOnline: (() => void) | null = null;

  function cancel(): void {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
    stopOnline?.();
    stopOnline = null;
  }

  function fire(): void {
    timer = null;
    if (deps.isOnline()) {
      void deps.refresher.refreshNow();
      return;
    }
    stopOnline ??= deps.onOnline(() => {
      stopOnline?.();
      stopOnline = null;
      void deps.refresher.refreshNow();
    });
  }

  function schedule(): void {
    cancel();
    const pair = deps.tokens.read();
    if (!pair) return;
    timer = deps.setTimer(fire, refreshDelay(pair.expiresAt, deps.now()));
  }

  const stopTokens = deps.events.on('tokens-changed', schedule);
  schedule();
  return () => {
    stopTokens();
    cancel();
  };
}
