import { describe, expect, it } from 'vitest';
import type { CatalogReplication } from '../../../replication/catalog-replication';
import { createCatalogSyncRunner } from './catalog-sync-runner';

function fakeReplications() {
  const log: string[] = [];
  let opened = 0;
  const open = async (): Promise<CatalogReplication> => {
    const n = ++opened;
    log.push(`open ${n}`);
    return {
      reSync: () => undefined,
      awaitInSync: async () => undefined,
      stop: async () => void log.push(`stop ${n}`),
    };
  };
  return { log, open };
}

/** A deferral the test fires by hand, standing in for "the next task". */
function manualDefer() {
  const pending: (() => void)[] = [];
  return {
    defer: (callback: () => void) => {
      pending.push(callback);
      return () => void pending.splice(pending.indexOf(callback), 1);
    },
    flush: () => pending.splice(0).forEach((callback) => callback()),
  };
}

describe('catalogue sync runner', () => {
  it('keeps one replication through a StrictMode mount, unmount and mount', async () => {
    const { log, open } = fakeReplications();
    const timer = manualDefer();
    const runner = createCatalogSyncRunner({ open, onError: (e) => log.push(`error ${String(e)}`), defer: timer.defer });
    runner.start();
    runner.stop();
    runner.start();
    timer.flush();
    await runner.settled();
    expect(log).toEqual(['open 1']);
  });

  it('stops on logout and starts a fresh replication on the next sign-in, never two at once', async () => {
    const { log, open } = fakeReplications();
    const timer = manualDefer();
    const runner = createCatalogSyncRunner({ open, onError: (e) => log.push(`error ${String(e)}`), defer: timer.defer });
    runner.start();
    await runner.settled();
    runner.stop();
    timer.flush();
    await runner.settled();
    expect(log).toEqual(['open 1', 'stop 1']);
    runner.start();
    await runner.settled();
    expect(log).toEqual(['open 1', 'stop 1', 'open 2']);
  });

  it('reports a failed start and can start again later', async () => {
    const log: string[] = [];
    let fail = true;
    const runner = createCatalogSyncRunner({
      open: async () => {
        if (fail) throw new Error('quota');
        log.push('open');
        return { reSync: () => undefined, awaitInSync: async () => undefined, stop: async () => undefined };
      },
      onError: (e) => log.push(`error ${(e as Error).message}`),
    });
    runner.start();
    await runner.settled();
    fail = false;
    runner.start();
    await runner.settled();
    expect(log).toEqual(['error quota', 'open']);
  });
});
