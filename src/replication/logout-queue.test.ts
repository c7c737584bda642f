// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { M } from '../contracts/messages';
import { BridgeError, networkError } from './bridge-error';
import { createLogoutQueue, MAX_PENDING_LOGOUTS, PENDING_LOGOUT_MAX_AGE_MS, PENDING_LOGOUTS_KEY } from './logout-queue';

afterEach(() => window.localStorage.clear());

/** A bridge stand-in that answers each logout with the next scripted outcome (default: accepted). */
function setup(now = () => Date.now()) {
  const sent: string[] = [];
  const outcomes: (Error | 'ok' | Promise<void>)[] = [];
  const queue = createLogoutQueue({
    storage: window.localStorage,
    now,
    send: (refreshToken) => {
      sent.push(refreshToken);
      const outcome = outcomes.shift() ?? 'ok';
      if (outcome === 'ok') return Promise.resolve();
      if (outcome instanceof Promise) return outcome;
      return Promise.reject(outcome);
    },
  });
  return { queue, sent, outcomes };
}

describe('pending logouts', () => {
  it('are stored at once and sent oldest first; a confirmed one is forgotten', async () => {
    const { queue, sent } = setup();
    queue.add('r-1');
    queue.add('r-2');
    expect(JSON.parse(window.localStorage.getItem(PENDING_LOGOUTS_KEY) ?? '[]')).toHaveLength(2);
    await queue.flush();
    expect(sent).toEqual(['r-1', 'r-2']);
    expect(queue.pending()).toEqual([]);
    expect(window.localStorage.getItem(PENDING_LOGOUTS_KEY)).toBeNull();
  });

  it('stay while the bridge cannot be reached, answers 5xx or 429, and go out on the next flush', async () => {
    const { queue, sent, outcomes } = setup();
    queue.add('r-1');
    queue.add('r-2');
    outcomes.push(networkError());
    await queue.flush();
    // Offline: the second is not even tried.
    expect(sent).toEqual(['r-1']);
    outcomes.push(new BridgeError(503, M.unexpectedError, 'http'), new BridgeError(429, M.tooManyRequests, 'http'));
    await queue.flush();
    await queue.flush();
    expect(queue.pending()).toEqual(['r-1', 'r-2']);
    await queue.flush();
    expect(sent).toEqual(['r-1', 'r-1', 'r-1', 'r-1', 'r-2']);
    expect(queue.pending()).toEqual([]);
  });

  it('drop a logout the bridge refuses for good (400), and keep a non-JSON answer for another try', async () => {
    const { queue, outcomes } = setup();
    queue.add('malformed');
    queue.add('behind-a-proxy');
    outcomes.push(new BridgeError(400, M.invalidRequest, 'http'), new BridgeError(502, M.badContentType, 'format'));
    await queue.flush();
    expect(queue.pending()).toEqual(['behind-a-proxy']);
  });

  it('are sent once each when flushes overlap, including one added while a flush runs', async () => {
    const { queue, sent, outcomes } = setup();
    let answer: () => void = () => undefined;
    outcomes.push(new Promise<void>((resolve) => (answer = resolve)));
    queue.add('r-1');
    const first = queue.flush();
    const second = queue.flush();
    queue.add('r-2');
    const third = queue.flush();
    answer();
    await Promise.all([first, second, third]);
    expect(sent).toEqual(['r-1', 'r-2']);
    expect(queue.pending()).toEqual([]);
  });

  it('keep each token once, at most the newest MAX_PENDING_LOGOUTS, none older than a refresh token lives', async () => {
    let now = 1_000_000_000_000;
    const { queue } = setup(() => now);
    queue.add('old');
    now += PENDING_LOGOUT_MAX_AGE_MS;
    for (let i = 0; i < MAX_PENDING_LOGOUTS + 2; i += 1) queue.add(`r-${i}`);
    queue.add('r-5');
    const pending = queue.pending();
    expect(pending).toHaveLength(MAX_PENDING_LOGOUTS);
    expect(pending).not.toContain('old');
    expect(pending.at(-1)).toBe('r-5');
    expect(new Set(pending).size).toBe(pending.length);
  });

  it('survive a damaged entry by starting over, and are shared by every queue on the same storage (tabs, restarts)', async () => {
    window.localStorage.setItem(PENDING_LOGOUTS_KEY, '{not json');
    const tab = setup();
    expect(tab.queue.pending()).toEqual([]);
    tab.queue.add('r-1');
    const restarted = setup();
    await restarted.queue.flush();
    expect(restarted.sent).toEqual(['r-1']);
    expect(tab.queue.pending()).toEqual([]);
  });
});
