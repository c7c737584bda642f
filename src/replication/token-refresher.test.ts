import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { M } from '../contracts/messages';
import { BridgeError } from './bridge-error';
import { LOCKED, createTokenRefresher } from './token-refresher';
import type { TokenPair } from './token-store';
import { createMemoryTokenStore } from './token-store';

const OLD: TokenPair = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: 1_000 };
const NEW: TokenPair = { accessToken: 'access-2', refreshToken: 'refresh-2', expiresAt: 2_000 };

/** A fake server side: a call succeeds only with the current valid access token. */
function protectedCall(valid: () => string, seen: string[]) {
  return (token: string) => async (attempt: number) => {
    seen.push(`${token}@${attempt}`);
    if (token !== valid()) throw new BridgeError(401, M.notAuthorized, 'http');
    return `ok:${token}`;
  };
}

describe('token refresher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes once for concurrent 401s and retries every call after 500 ms with the new token', async () => {
    const tokens = createMemoryTokenStore(OLD);
    let refreshCalls = 0;
    let release: (pair: TokenPair) => void = () => undefined;
    const refresher = createTokenRefresher({
      tokens,
      refresh: (refreshToken) => {
        refreshCalls += 1;
        expect(refreshToken).toBe('refresh-1');
        return new Promise<TokenPair>((resolve) => {
          release = resolve;
        });
      },
      onSessionLost: () => {
        throw new Error('session must not be lost');
      },
    });
    // The retried call reads the token at run time, as the real client does.
    const retried = (attempt: number) => Promise.resolve(`${tokens.read()?.accessToken}@${attempt}`);
    const calls = [1, 2, 3].map(() => refresher.recover(retried, 0, 'access-1'));

    expect(refresher.lock).toBe(3);
    expect(refresher.waitingCount).toBe(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshCalls).toBe(1);
    release(NEW);
    await vi.advanceTimersByTimeAsync(499);
    let settled = 0;
    for (const call of calls) void call.then(() => (settled += 1));
    await Promise.resolve();
    expect(settled).toBe(0);
    await vi.advanceTimersByTimeAsync(1);

    await expect(Promise.all(calls)).resolves.toEqual(['access-2@1', 'access-2@1', 'access-2@1']);
    expect(refreshCalls).toBe(1);
    expect(tokens.read()).toEqual(NEW);
    expect(refresher.lock).toBe(0);
  });

  it('a failed refresh logs out once, locks at -1 and clears the waiting calls', async () => {
    const tokens = createMemoryTokenStore(OLD);
    let lost = 0;
    const refresher = createTokenRefresher({
      tokens,
      refresh: () => Promise.reject(new BridgeError(401, M.notAuthorized, 'http')),
      onSessionLost: () => {
        lost += 1;
      },
    });
    const task = () => Promise.resolve('never');
    const calls = [refresher.recover(task, 0, 'access-1'), refresher.recover(task, 0, 'access-1')];

    for (const call of calls) await expect(call).rejects.toMatchObject({ code: 401, description: M.tokenRefreshFailed });
    expect(lost).toBe(1);
    expect(refresher.lock).toBe(LOCKED);
    expect(refresher.waitingCount).toBe(0);
    // Locked: later 401s fail at once without another refresh or logout.
    await expect(refresher.recover(task, 0, 'access-1')).rejects.toBeInstanceOf(BridgeError);
    expect(lost).toBe(1);
  });

  it('allows one attempt: a call that meets 401 again after the refresh loses the session', async () => {
    const tokens = createMemoryTokenStore(OLD);
    let lost = 0;
    let refreshCalls = 0;
    const refresher = createTokenRefresher({
      tokens,
      refresh: () => {
        refreshCalls += 1;
        return Promise.resolve(NEW);
      },
      onSessionLost: () => {
        lost += 1;
      },
    });
    const seen: string[] = [];
    // The server keeps refusing even the new token (e.g. the account was disabled).
    const call = protectedCall(() => 'nobody', seen);
    const task = (attempt: number): Promise<string> =>
      call(tokens.read()?.accessToken ?? '')(attempt).catch((error: unknown) => {
        if (error instanceof BridgeError && error.code === 401) {
          return refresher.recover(task, attempt, tokens.read()?.accessToken ?? '');
        }
        throw error;
      });
    const result = refresher.recover(task, 0, 'access-1');
    const assertion = expect(result).rejects.toMatchObject({ description: M.tokenRefreshFailed });
    await vi.advanceTimersByTimeAsync(500);
    await assertion;
    expect(refreshCalls).toBe(1);
    expect(lost).toBe(1);
    expect(seen).toEqual(['access-2@1']);
  });

  it('keeps the session when the refresh fails for lack of network', async () => {
    const tokens = createMemoryTokenStore(OLD);
    let lost = 0;
    const refresher = createTokenRefresher({
      tokens,
      refresh: () => Promise.reject(new BridgeError(0, M.checkNetwork, 'network')),
      onSessionLost: () => {
        lost += 1;
      },
    });
    await expect(refresher.recover(() => Promise.resolve('x'), 0, 'access-1')).rejects.toMatchObject({ kind: 'network' });
    expect(lost).toBe(0);
    expect(refresher.lock).toBe(0);
    expect(tokens.read()).toEqual(OLD);
  });

  it('retries without refreshing when another refresh already replaced the token the call used', async () => {
    const tokens = createMemoryTokenStore(NEW);
    const refresh = vi.fn(() => Promise.resolve(NEW));
    const refresher = createTokenRefresher({ tokens, refresh, onSessionLost: () => undefined });
    await expect(refresher.recover((attempt) => Promise.resolve(`again@${attempt}`), 0, 'access-1')).resolves.toBe('again@0');
    expect(refresh).not.toHaveBeenCalled();
  });
  it('keeps the session that replaced the pair while a refused refresh ran (leaving a login-as session)', async () => {
    const tokens = createMemoryTokenStore(OLD);
    let lost = 0;
    const refresher = createTokenRefresher({
      tokens,
      // The old pair's session ended on the bridge; the new pair was stored while its refresh was on the way.
      refresh: async () => {
        await tokens.write(NEW);
        throw new BridgeError(401, M.tokenRefreshFailed, 'http');
      },
      onSessionLost: () => {
        lost += 1;
      },
    });
    const retried = refresher.recover(() => Promise.resolve(`with:${tokens.read()?.accessToken}`), 0, 'access-1');
    await vi.advanceTimersByTimeAsync(500);
    await expect(retried).resolves.toBe('with:access-2');
    expect(lost).toBe(0);
    expect(refresher.lock).toBe(0);
    expect(tokens.read()).toEqual(NEW);
  });

  it('does not store the new pair when the session was logged out while the refresh ran', async () => {
    const tokens = createMemoryTokenStore(OLD);
    let release: (pair: TokenPair) => void = () => undefined;
    let refreshed = 0;
    const refresher = createTokenRefresher({
      tokens,
      refresh: () => new Promise<TokenPair>((resolve) => (release = resolve)),
      onRefreshed: () => void (refreshed += 1),
      onSessionLost: () => {
        throw new Error('a deliberate logout is not a lost session');
      },
    });
    const waiting = refresher.recover(() => Promise.resolve('retried'), 0, 'access-1');
    await vi.advanceTimersByTimeAsync(0);
    await tokens.clear();
    release(NEW);
    await expect(waiting).rejects.toMatchObject({ code: 401 });
    expect(tokens.read()).toBeNull();
    expect(refreshed).toBe(0);
    expect(refresher.lock).toBe(0);
  });
});
