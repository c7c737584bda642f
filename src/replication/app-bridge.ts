import type { BridgeClient } from './bridge-client';
import { createBridgeClient } from './bridge-client';
import type { BridgeEvents } from './bridge-events';
import { createBridgeEvents } from './bridge-events';
import { refreshSession } from './auth-api';
import type { CookieJar } from './logged-in-cookie';
import { documentCookieJar, setLoggedInCookie } from './logged-in-cookie';
import type { FetchLike } from './http-call';
import { createIndexedDbTokenStore } from './indexeddb-token-store';
import type { RefreshLock } from './refresh-lock';
import { browserRefreshLock } from './refresh-lock';
import { browserTabSignal } from './tab-signal';
import type { TokenRefresher } from './token-refresher';
import { createTokenRefresher } from './token-refresher';
import type { TokenStore } from './token-store';
import { createMemoryTokenStore, tokenPairFrom } from './token-store';

/** The pieces of one running storefront's connection to the bridge, wired together once. */
export interface AppBridge {
  client: BridgeClient;
  events: BridgeEvents;
  tokens: TokenStore;
  refresher: TokenRefresher;
  cookies: CookieJar;
  now(): number;
}

export interface AppBridgeOptions {
  fetch: FetchLike;
  tokens: TokenStore;
  cookies: CookieJar;
  baseUrl?: string;
  now?: () => number;
  events?: BridgeEvents;
  /** Keeps the other tabs out while this one refreshes (default: none, for one tab alone). */
  refreshLock?: RefreshLock;
}

export function createAppBridge(options: AppBridgeOptions): AppBridge {
  const events = options.events ?? createBridgeEvents();
  const now = options.now ?? (() => Date.now());
  const { tokens, cookies } = options;
  // The refresh call goes through a client without a refresher: its own 401 must not recurse.
  const plain = createBridgeClient({ fetch: options.fetch, baseUrl: options.baseUrl, tokens, events });
  const refresher = createTokenRefresher({
    tokens,
    ...(options.refreshLock ? { crossTabLock: options.refreshLock } : {}),
    refresh: async (refreshToken) => {
      const fresh = await refreshSession(plain, refreshToken);
      return tokenPairFrom(fresh.accessToken, fresh.refreshToken, fresh.expiresIn, now());
    },
    onRefreshed: () => {
      setLoggedInCookie(cookies);
      events.emit('tokens-changed');
    },
    onSessionLost: () => events.emit('session-lost'),
  });
  // Another tab refreshed, logged in or out: this tab's proactive refresh follows the new pair.
  tokens.onExternalChange(() => events.emit('tokens-changed'));
  const client = createBridgeClient({ fetch: options.fetch, baseUrl: options.baseUrl, tokens, events, refresher });
  return { client, events, tokens, refresher, cookies, now };
}

/** Pings between the tabs when the stored tokens change. */
export const TOKEN_SIGNAL_NAME = 'b2b.session.tokens';

function browserTokenStore(): TokenStore {
  // Without IndexedDB (some private modes) the session lasts as long as this tab.
  if (typeof indexedDB === 'undefined') return createMemoryTokenStore();
  return createIndexedDbTokenStore({ indexedDB, legacy: window.localStorage, signal: browserTabSignal(TOKEN_SIGNAL_NAME) });
}

let browserBridge: AppBridge | null = null;

/** The one bridge connection of the browser app (module-level, so React StrictMode cannot make two). */
export function getBrowserBridge(): AppBridge {
  if (!browserBridge) {
    browserBridge = createAppBridge({
      fetch: (input, init) => fetch(input, init),
      tokens: browserTokenStore(),
      cookies: documentCookieJar(document),
      refreshLock: browserRefreshLock(),
    });
    // Start reading the stored session now; the session's start waits for it (a few milliseconds).
    void browserBridge.tokens.load();
  }
  return browserBridge;
}
