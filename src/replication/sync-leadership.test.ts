import { describe, expect, it } from 'vitest';
import { SyncLeadership, replicateWhileLeader, type LeadershipEnvironment } from './sync-leadership';

/** One browser profile's exclusive Web Locks, shared by simulated tabs; each tab has its own lifecycle events. */
function profile() {
  let holder: object | null = null;
  const queue: { tab: object; grant: () => void }[] = [];
  const next = () => {
    const entry = queue.shift();
    if (entry) entry.grant();
  };
  const tab = (): LeadershipEnvironment & { lifecycle: EventTarget } => {
    const me = {};
    const locks = {
      request: (_name: string, options: LockOptions, callback: () => Promise<void>) =>
        new Promise<void>((resolve, reject) => {
          const grant = () => {
            holder = me;
            void callback().then(() => {
              holder = null;
              resolve();
              next();
            });
          };
          if (holder === null) return grant();
          const entry = { tab: me, grant };
          queue.push(entry);
          options.signal?.addEventListener('abort', () => {
            queue.splice(queue.indexOf(entry), 1);
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    } as unknown as LeadershipEnvironment['locks'];
    return { locks, lifecycle: new EventTarget() };
  };
  return { tab };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function tabWithLog(env: LeadershipEnvironment, name: string, log: string[]): SyncLeadership {
  const leadership = new SyncLeadership(env);
  leadership.whileLeader(() => {
    log.push(`${name} syncs`);
    return () => void log.push(`${name} stops`);
  });
  return leadership;
}

describe('SyncLeadership', () => {
  it('one tab leads and runs the duties; the next one waits', async () => {
    const browser = profile();
    const log: string[] = [];
    const first = tabWithLog(browser.tab(), 'first', log);
    const second = tabWithLog(browser.tab(), 'second', log);
    await settle();
    expect([first.isLeader(), second.isLeader()]).toEqual([true, false]);
    expect(log).toEqual(['first syncs']);
  });

  it('a frozen leader gives leadership up; on resume it competes again', async () => {
    const browser = profile();
    const log: string[] = [];
    const firstTab = browser.tab();
    const first = tabWithLog(firstTab, 'first', log);
    const secondTab = browser.tab();
    const second = tabWithLog(secondTab, 'second', log);
    await settle();

    firstTab.lifecycle.dispatchEvent(new Event('freeze'));
    await settle();
    expect([first.isLeader(), second.isLeader()]).toEqual([false, true]);
    expect(log).toEqual(['first syncs', 'first stops', 'second syncs']);

    firstTab.lifecycle.dispatchEvent(new Event('resume'));
    secondTab.lifecycle.dispatchEvent(new Event('freeze'));
    await settle();
    expect([first.isLeader(), second.isLeader()]).toEqual([true, false]);
    expect(log.slice(3)).toEqual(['second stops', 'first syncs']);
  });

  it('a frozen follower is not granted leadership while it cannot run', async () => {
    const browser = profile();
    const log: string[] = [];
    const firstTab = browser.tab();
    tabWithLog(firstTab, 'first', log);
    const secondTab = browser.tab();
    const second = tabWithLog(secondTab, 'second', log);
    const thirdTab = browser.tab();
    const third = tabWithLog(thirdTab, 'third', log);
    await settle();
    secondTab.lifecycle.dispatchEvent(new Event('freeze'));
    firstTab.lifecycle.dispatchEvent(new Event('freeze'));
    await settle();
    expect([second.isLeader(), third.isLeader()]).toEqual([false, true]);
  });

  it('a retired tab gives leadership up for good', async () => {
    const browser = profile();
    const log: string[] = [];
    const firstTab = browser.tab();
    const first = tabWithLog(firstTab, 'first', log);
    const second = tabWithLog(browser.tab(), 'second', log);
    await settle();
    first.retire();
    firstTab.lifecycle.dispatchEvent(new Event('resume'));
    await settle();
    expect([first.isLeader(), second.isLeader()]).toEqual([false, true]);
  });

  it('a duty ended by its owner stops and does not start again', async () => {
    const browser = profile();
    const tab = browser.tab();
    const leadership = new SyncLeadership(tab);
    const log: string[] = [];
    const end = leadership.whileLeader(() => {
      log.push('syncs');
      return () => void log.push('stops');
    });
    await settle();
    await end();
    tab.lifecycle.dispatchEvent(new Event('freeze'));
    tab.lifecycle.dispatchEvent(new Event('resume'));
    await settle();
    expect(log).toEqual(['syncs', 'stops']);
  });
});

describe('replicateWhileLeader (the one tab of a test leads)', () => {
  const fakeReplication = () => {
    const replication = { stopped: false, stop: async () => void (replication.stopped = true) };
    return replication;
  };

  it('starts once the code is loaded, keeps it in the ref, and the clean-up stops it and clears the ref', async () => {
    const running: { current: ReturnType<typeof fakeReplication> | null } = { current: null };
    const replication = fakeReplication();
    const stop = replicateWhileLeader(() => Promise.resolve(() => replication), running);
    await expect.poll(() => running.current).toBe(replication);
    stop();
    await expect.poll(() => replication.stopped).toBe(true);
    expect(running.current).toBeNull();
  });

  it('never starts when the clean-up came before the code', async () => {
    const running: { current: ReturnType<typeof fakeReplication> | null } = { current: null };
    let starts = 0;
    let deliver: (start: () => ReturnType<typeof fakeReplication>) => void = () => undefined;
    const stop = replicateWhileLeader(
      () => new Promise<() => ReturnType<typeof fakeReplication>>((resolve) => (deliver = resolve)),
      running,
    );
    stop();
    deliver(() => {
      starts += 1;
      return fakeReplication();
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(starts).toBe(0);
    expect(running.current).toBeNull();
  });
});
