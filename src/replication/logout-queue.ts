import { z } from 'zod';
import { isBridgeError } from './bridge-error';

/**
 * Logouts the bridge has not confirmed yet. A logout ends the session locally at once and asks the bridge
 * to end it too (POST client/user/logout with the refresh token); offline, or when that call fails, the
 * request waits here and is sent when the connection returns and at every app start.
 *
 * Kept in localStorage next to the tokens it outlives: `add` is synchronous, so the refresh token is
 * stored here before the token store forgets it, and a tab closed right after "Log out" cannot lose both.
 * The bridge answers a repeated logout like the first, so a retry, or two tabs sending the same entry,
 * end the session exactly once in effect.
 */
export const PENDING_LOGOUTS_KEY = 'b2b.session.pendingLogouts';
/** More than anyone logs out offline between two connections; the oldest entries go first beyond it. */
export const MAX_PENDING_LOGOUTS = 20;
/** A refresh token lives 30 days at most; after that the bridge has nothing left to end. */
export const PENDING_LOGOUT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const entrySchema = z.object({ refreshToken: z.string().min(1).max(200), queuedAt: z.number() });
type Entry = z.infer<typeof entrySchema>;

export interface LogoutQueueDeps {
  storage: Storage;
  /** Sends one logout; throws BridgeError when it was not accepted. */
  send(refreshToken: string): Promise<void>;
  now(): number;
}

export interface LogoutQueue {
  /** Records that this session must end on the bridge. Never throws: local logout goes on regardless. */
  add(refreshToken: string): void;
  /** Sends every waiting logout, oldest first; resolves when done or when the bridge cannot be reached. */
  flush(): Promise<void>;
  /** The refresh tokens still waiting (oldest first). */
  pending(): string[];
}

/**
 * No answer, a server error or 429: the request may succeed later. Any other answer is final: 200, or a
 * 4xx the same request will always get (a malformed token).
 */
function worthRetrying(error: unknown): boolean {
  if (!isBridgeError(error)) return false;
  if (error.kind !== 'http') return true;
  return error.code >= 500 || error.code === 429 || error.code === 408;
}

export function createLogoutQueue(deps: LogoutQueueDeps): LogoutQueue {
  let running: Promise<void> | null = null;
  let again = false;

  function read(): Entry[] {
    let json: unknown;
    try {
      json = JSON.parse(deps.storage.getItem(PENDING_LOGOUTS_KEY) ?? '[]');
    } catch (error) {
      // A damaged entry cannot be sent anyway; starting over keeps new logouts working.
      console.error('Pending logouts: unreadable entry dropped', error);
      return [];
    }
    const parsed = z.array(entrySchema).safeParse(json);
    if (!parsed.success) return [];
    const oldest = deps.now() - PENDING_LOGOUT_MAX_AGE_MS;
    return parsed.data.filter((e) => e.queuedAt > oldest);
  }

  function write(entries: Entry[]): void {
    try {
      if (entries.length === 0) deps.storage.removeItem(PENDING_LOGOUTS_KEY);
      else deps.storage.setItem(PENDING_LOGOUTS_KEY, JSON.stringify(entries));
    } catch (error) {
      // Storage full or blocked: the logout still happens on this device; only the bridge call is not kept.
      console.error('Pending logouts: could not be stored', error);
    }
  }

  function remove(refreshToken: string): void {
    // Read again: another tab may have queued a logout meanwhile.
    write(read().filter((e) => e.refreshToken !== refreshToken));
  }

  async function sendAll(): Promise<void> {
    for (const entry of read()) {
      try {
        await deps.send(entry.refreshToken);
      } catch (error) {
        // Offline or the bridge is down: the rest would fail the same way; the next flush sends them.
        if (worthRetrying(error)) return;
      }
      remove(entry.refreshToken);
    }
  }

  return {
    add(refreshToken) {
      const entries = read().filter((e) => e.refreshToken !== refreshToken);
      entries.push({ refreshToken, queuedAt: deps.now() });
      write(entries.slice(-MAX_PENDING_LOGOUTS));
    },
    flush() {
      if (running) {
        // A logout added during a flush is sent by one more round of the same flush.
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await sendAll();
        } while (again);
      })().finally(() => {
        running = null;
      });
      return running;
    },
    pending: () => read().map((e) => e.refreshToken),
  };
}
