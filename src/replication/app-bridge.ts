import type { BridgeClient } from './bridge-client';
import { createBridgeClient } from './bridge-client';
import type { BridgeEvents } from './bridge-events';
import { createBridgeEvents } from './bridge-events';
import { refreshSession } from './auth-api';
import type { CookieJar } from './logged-in-cookie';
import { documentCookieJar, setLoggedInCookie } from './logged-in-cookie';
import type { FetchLike } from './http-call';
import type { TokenRefresher } from './token-refresher';
import { createTokenRefresher } from './token-refresher';
import type { TokenStore } from './token-store';
import { createStorageTokenStore, tokenPairFrom } from './token-store';

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
}

export function createAppBridge(options: AppBridgeOptions): AppBridge {
  const events = options.events ?? createBridgeEvents();
  const now = options.now ?? (() => Date.now());
  const { tokens, cookies } = options;
  // The refresh call goes through a client without a refresher: its own 401 must not recurse.
  const plain = createBridgeClient({ fetch: options.fetch, baseUrl: options.baseUrl, tokens, events });
  const refresher = createTokenRefresher({
    tokens,
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
  const client = createBridgeClient({ fetch: options.fetch, baseUrl: options.baseUrl, tokens, events, refresher });
  return { client, events, tokens, refresher, cookies, now };
}

let browserBridge: AppBridge | null = null;

/** The one bridge connection of the browser app (module-level, so React StrictMode cannot make two). */
export function getBrowserBridge(): AppBridge {
  browserBridge ??= createAppBridge({
    fetch: (input, init) => fetch(input, init),
    tokens: createStorageTokenStore(window.localStorage),
    cookies: documentCookieJar(document),
  });
  return browserBridge;
}
