import { z } from 'zod';

/** The pair the bridge hands out on login and on every refresh (refresh tokens rotate). */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds after which the access token is refused. */
  expiresAt: number;
}

/**
 * The session's tokens, shared by every tab of the origin (and the service worker). `read` is synchronous
 * and never waits: it answers from this tab's copy, which `load` fills from the shared store and which
 * follows what other tabs write. Writes change this tab's copy at once and resolve once the shared store
 * holds them (other tabs are then told).
 */
export interface TokenStore {
  read(): TokenPair | null;
  /** Reads the shared store (another tab may have refreshed or logged out) and returns what `read` now gives. */
  load(): Promise<TokenPair | null>;
  /** A new session (login). */
  write(pair: TokenPair): Promise<void>;
  /**
   * A refreshed pair, stored only while the stored refresh token is still `previous` (checked and written
   * in one step across tabs). false: the session was logged out, or replaced, meanwhile.
   */
  replace(previous: string, pair: TokenPair): Promise<boolean>;
  clear(): Promise<void>;
  /** Another tab changed the tokens; `read` already gives the new ones. Returns the unsubscribe. */
  onExternalChange(listener: () => void): () => void;
}

export const tokenPairSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  expiresAt: z.number(),
});

/** A value from storage as a pair; anything else is as good as none (the user logs in again). */
export function parseTokenPair(value: unknown): TokenPair | null {
  const parsed = tokenPairSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** One tab with nothing shared: tests, and the fallback when the browser gives no IndexedDB. */
export function createMemoryTokenStore(initial: TokenPair | null = null): TokenStore {
  let pair = initial;
  return {
    read: () => pair,
    load: () => Promise.resolve(pair),
    write: (next) => {
      pair = next;
      return Promise.resolve();
    },
    replace: (previous, next) => {
      if (pair?.refreshToken !== previous) return Promise.resolve(false);
      pair = next;
      return Promise.resolve(true);
    },
    clear: () => {
      pair = null;
      return Promise.resolve();
    },
    onExternalChange: () => () => undefined,
  };
}

/** `expiresIn` is in seconds (the bridge's access-token TTL). */
export function tokenPairFrom(accessToken: string, refreshToken: string, expiresIn: number, now: number): TokenPair {
  return { accessToken, refreshToken, expiresAt: now + expiresIn * 1000 };
}
