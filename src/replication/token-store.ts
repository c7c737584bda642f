import { z } from 'zod';

/** The pair the bridge hands out on login and on every refresh (refresh tokens rotate). */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds after which the access token is refused. */
  expiresAt: number;
}

export interface TokenStore {
  read(): TokenPair | null;
  write(pair: TokenPair): void;
  clear(): void;
}

const STORAGE_KEY = 'b2b.session.tokens';

const tokenPairSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  expiresAt: z.number(),
});

/** Tokens survive reloads and offline starts in localStorage (SPEC §4 Session: "on start ... token load"). */
export function createStorageTokenStore(storage: Storage): TokenStore {
  return {
    read() {
      const raw = storage.getItem(STORAGE_KEY);
      if (raw === null) return null;
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        // A corrupted entry is as good as none: the user logs in again.
        storage.removeItem(STORAGE_KEY);
        return null;
      }
      const parsed = tokenPairSchema.safeParse(json);
      return parsed.success ? parsed.data : null;
    },
    write(pair) {
      storage.setItem(STORAGE_KEY, JSON.stringify(pair));
    },
    clear() {
      storage.removeItem(STORAGE_KEY);
    },
  };
}

export function createMemoryTokenStore(initial: TokenPair | null = null): TokenStore {
  let pair = initial;
  return {
    read: () => pair,
    write: (next) => {
      pair = next;
    },
    clear: () => {
      pair = null;
    },
  };
}

/** `expiresIn` is in seconds (the bridge's access-token TTL). */
export function tokenPairFrom(accessToken: string, refreshToken: string, expiresIn: number, now: number): TokenPair {
  return { accessToken, refreshToken, expiresAt: now + expiresIn * 1000 };
}
