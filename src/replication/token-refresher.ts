import { M } from '../contracts/messages';
import { BridgeError } from './bridge-error';
import type { TokenPair, TokenStore } from './token-store';

/** SPEC §9: token retry wait 500 ms; max network task attempts 1. */
export const TOKEN_RETRY_WAIT_MS = 500;
export const MAX_REFRESH_ATTEMPTS = 1;

/** `lock`: 0 idle, > 0 a refresh is running with that many calls waiting, -1 the session is lost. */
export const LOCKED = -1;

/** A call that failed with 401; `attempt` counts the refreshes it has already been retried after. */
export type RetryableTask<T> = (attempt: number) => Promise<T>;

export interface TokenRefresherDeps {
  tokens: TokenStore;
  /** Trades a refresh token for a new pair. Throws BridgeError. */
  refresh(refreshToken: string): Promise<TokenPair>;
  /** After a new pair is stored (sets the logged-in cookie, reschedules the proactive refresh). */
  onRefreshed?(pair: TokenPair): void;
  /** Called once when the session cannot be saved: silent logout, untransmitted tasks cleared, login modal. */
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

const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function sessionLostError(): BridgeError {
  return new BridgeError(401, M.tokenRefreshFailed, 'http');
}

export function createTokenRefresher(deps: TokenRefresherDeps): TokenRefresher {
  const wait = deps.wait ?? defaultWait;
  const retryWaitMs = deps.retryWaitMs ?? TOKEN_RETRY_WAIT_MS;
  const maxAttempts = deps.maxAttempts ?? MAX_REFRESH_ATTEMPTS;
  let lock = 0;
  let failedTasks: Waiting[] = [];
  let running: Promise<boolean> | null = null;

  function loseSession(): void {
    if (lock === LOCKED) return;
    lock = LOCKED;
    const waiting = failedTasks;
    failedTasks = [];
    for (const task of waiting) task.reject(sessionLostError());
    deps.onSessionLost();
  }

  async function retryAll(waiting: Waiting[]): Promise<void> {
    await wait(retryWaitMs);
    for (const task of waiting) void task.run();
  }

  function settleAfterEndedSession(): void {
    const waiting = failedTasks;
    failedTasks = [];
    lock = 0;
    for (const task of waiting) task.reject(sessionLostError());
  }

  async function runRefresh(): Promise<boolean> {
    const refreshToken = deps.tokens.read()?.refreshToken;
    if (!refreshToken) {
      loseSession();
      return false;
    }
    try {
      const pair = await deps.refresh(refreshToken);
      if (deps.tokens.read()?.refreshToken !== refreshToken) {
        // Logged out (or in again) while the refresh ran: this pair belongs to a session that has ended
        // here and, once the queued logout arrives, on the bridge too. Storing it would sign the user back in.
        settleAfterEndedSession();
        return false;
      }
      deps.tokens.write(pair);
      deps.onRefreshed?.(pair);
    } catch (error) {
      if (error instanceof BridgeError && error.kind === 'network') {
        // Offline is not a lost session: keep the tokens, fail the waiting calls, try again later.
        const waiting = failedTasks;
        failedTasks = [];
        lock = 0;
        for (const task of waiting) task.reject(error);
        return false;
      }
      loseSession();
      return false;
    }
    const waiting = failedTasks;
    failedTasks = [];
    lock = 0;
    void retryAll(waiting);
    return true;
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
