import { M } from '../contracts/messages';
import { BridgeError, networkError } from './bridge-error';
import type { RefreshLock } from './refresh-lock';
import { unlockedRefresh } from './refresh-lock';
import type { TokenPair, TokenStore } from './token-store';

/** docs/product-rules.md §9: token retry wait 500 ms; max network task attempts 1. */
export const TOKEN_RETRY_WAIT_MS = 500;
export const MAX_REFRESH_ATTEMPTS = 1;
/**
 * A refresh unanswered this long counts as a network failure and frees the cross-tab lock, so one stalled
 * request cannot hold every tab's refresh. Shorter than the bridge's grace for duplicates (20 s): the next tab
 * may then present the same token at once and still get the successor the stalled call may have obtained.
 */
export const REFRESH_TIMEOUT_MS = 10_000;

/** `lock`: 0 idle, > 0 a refresh is running with that many calls waiting, -1 the session is lost. */
export const LOCKED = -1;

/** A call that failed with 401; `attempt` counts the refreshes it has already been retried after. */
export type RetryableTask<T> = (attempt: number) => Promise<T>;

export interface TokenRefresherDeps {
  tokens: TokenStore;
  /** Trades a refresh token for a new pair. Throws BridgeError. */
  refresh(refreshToken: string): Promise<TokenPair>;
  /** Keeps the other tabs' refreshes out while this one runs (default: none, for one tab alone). */
  crossTabLock?: RefreshLock;
  /** Default REFRESH_TIMEOUT_MS. */
  timeoutMs?: number;
  /** After a new pair is stored (sets the logged-in cookie, reschedules the proactive refresh). */
  onRefreshed?(pair: TokenPair): void;
  /** Called once when the session cannot be saved: silent logout (queued work kept), login modal. */
  onSessionLost(): void;
  wait?(ms: number): Promise<void>;
  retryWaitMs?: number;
  maxAttempts?: number;
}

export interface TokenRefresher {
  /** Recovers a call that got 401 with `usedToken`: one shared refresh, then the call runs again. */
  recover<T>(task: RetryableTask<T>, attempt: number, usedToken: string): Promise<T>;
  /** Refreshes now (proactive refresh); joins a running refresh. Resolves false when it failed. */
  refreshNow(): Promise<boolean>;
  /** A new login starts a new session: unlock. */
  reset(): void;
  readonly lock: number;
  readonly waitingCount: number;
}

interface Waiting {
  run(): Promise<void>;
  reject(error: unknown): void;
}

/** How a refresh ended, decided under the cross-tab lock and acted on after it is released. */
type Outcome = { kind: 'refreshed'; pair: TokenPair } | { kind: 'offline'; error: unknown } | { kind: 'ended' } | { kind: 'lost' };

const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function sessionLostError(): BridgeError {
  return new BridgeError(401, M.tokenRefreshFailed, 'http');
}

export function createTokenRefresher(deps: TokenRefresherDeps): TokenRefresher {
  const wait = deps.wait ?? defaultWait;
  const retryWaitMs = deps.retryWaitMs ?? TOKEN_RETRY_WAIT_MS;
  const maxAttempts = deps.maxAttempts ?? MAX_REFRESH_ATTEMPTS;
  const crossTabLock = deps.crossTabLock ?? unlockedRefresh;
  const timeoutMs = deps.timeoutMs ?? REFRESH_TIMEOUT_MS;
  let lock = 0;
  let failedTasks: Waiting[] = [];
  let running: Promise<boolean> | null = null;

  function takeWaiting(): Waiting[] {
    const waiting = failedTasks;
    failedTasks = [];
    return waiting;
  }

  function loseSession(): void {
    if (lock === LOCKED) return;
    lock = LOCKED;
    for (const task of takeWaiting()) task.reject(sessionLostError());
    deps.onSessionLost();
  }

  async function retryAll(waiting: Waiting[]): Promise<void> {
    await wait(retryWaitMs);
    for (const task of waiting) void task.run();
  }

  /** An answer that comes after the call was given up is still this session's next pair, if nobody replaced it. */
  async function adoptLate(sent: string, pair: TokenPair): Promise<void> {
    if (await deps.tokens.replace(sent, pair)) deps.onRefreshed?.(pair);
  }

  function exchange(refreshToken: string): Promise<TokenPair> {
    return new Promise((resolve, reject) => {
      let gaveUp = false;
      const timer = setTimeout(() => {
        gaveUp = true;
        reject(networkError());
      }, timeoutMs);
      deps.refresh(refreshToken).then(
        (pair) => {
          clearTimeout(timer);
          if (gaveUp) void adoptLate(refreshToken, pair);
          else resolve(pair);
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (gaveUp) console.warn('Token refresh: an abandoned call failed late', error);
          else reject(error);
        },
      );
    });
  }

  /** Runs while no other tab refreshes: reads the shared tokens first, since another tab may have done the work. */
  async function underLock(seen: TokenPair | null): Promise<Outcome> {
    const current = await deps.tokens.load();
    // Gone from the shared store: logged out in some tab (a deliberate end, not a lost session).
    if (!current) return seen ? { kind: 'ended' } : { kind: 'lost' };
    if (seen && current.refreshToken !== seen.refreshToken) return { kind: 'refreshed', pair: current };
    let pair: TokenPair;
    try {
      pair = await exchange(current.refreshToken);
    } catch (error) {
      // Offline is not a lost session: keep the tokens, fail the waiting calls, try again later.
      if (error instanceof BridgeError && error.kind === 'network') return { kind: 'offline', error };
      // Refused. If another sign-in replaced the pair meanwhile (an administrator leaving a customer's session,
      // a login in another tab), the refusal is about the session that ended, not the one now stored: the
      // waiting calls go again with it.
      const now = await deps.tokens.load();
      if (now && now.refreshToken !== current.refreshToken) return { kind: 'refreshed', pair: now };
      return { kind: 'lost' };
    }
    if (await deps.tokens.replace(current.refreshToken, pair)) return { kind: 'refreshed', pair };
    // A tab without the lock presented the same token and stored the same successor first: same session.
    const stored = deps.tokens.read();
    if (stored?.refreshToken === pair.refreshToken) return { kind: 'refreshed', pair: stored };
    // Logged out (or in again) while the refresh ran: this pair belongs to a session that has ended here and,
    // once the queued logout arrives, on the bridge too. Storing it would sign the user back in.
    return { kind: 'ended' };
  }

  function settle(outcome: Outcome): boolean {
    if (outcome.kind === 'lost') {
      loseSession();
      return false;
    }
    const waiting = takeWaiting();
    lock = 0;
    if (outcome.kind === 'refreshed') {
      deps.onRefreshed?.(outcome.pair);
      void retryAll(waiting);
      return true;
    }
    const error = outcome.kind === 'offline' ? outcome.error : sessionLostError();
    for (const task of waiting) task.reject(error);
    return false;
  }

  async function runRefresh(): Promise<boolean> {
    const seen = deps.tokens.read();
    let outcome: Outcome;
    try {
      outcome = await crossTabLock.run(() => underLock(seen));
    } catch (error) {
      // The lock or the store failed, not the bridge: like offline, nothing is decided about the session.
      console.error('Token refresh could not run', error);
      outcome = { kind: 'offline', error };
    }
    return settle(outcome);
  }

  function startRefresh(): Promise<boolean> {
    running ??= runRefresh().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    recover<T>(task: RetryableTask<T>, attempt: number, usedToken: string): Promise<T> {
      if (lock === LOCKED) return Promise.reject(sessionLostError());
      const current = deps.tokens.read();
      // The call left before a refresh that has finished since: the new token may already work.
      if (current && current.accessToken !== usedToken && running === null) return task(attempt);
      if (attempt >= maxAttempts) {
        loseSession();
        return Promise.reject(sessionLostError());
      }
      return new Promise<T>((resolve, reject) => {
        failedTasks.push({ run: () => task(attempt + 1).then(resolve, reject), reject });
        lock += 1;
        void startRefresh();
      });
    },
    refreshNow() {
      if (lock === LOCKED) return Promise.resolve(false);
      return startRefresh();
    },
    reset() {
      lock = 0;
      failedTasks = [];
    },
    get lock() {
      return lock;
    },
    get waitingCount() {
      return failedTasks.length;
    },
  };
}
