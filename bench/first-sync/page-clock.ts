/**
 * The first sync's clock, read in the page (docs/decisions/028-honest-benchmarks.md): from the buyer's click on
 * "Log in" (a capturing click listener) to the moment the app wrote its persisted sync status with every
 * collection ready (a wrapper around `Storage.setItem`, which the app calls exactly then). A clock in this process
 * would also count Playwright's own work around the click (its checks that the button can be clicked) and its
 * polling for the status, 0.1–0.3 s that no buyer waits through. Both ends are epoch times of the page
 * (`performance.timeOrigin` + the mark), so the harness can check them against its own.
 */

/** Names of the marks the page sets. */
export const CLICK_MARK = 'bench-first-sync-click';
export const READY_MARK = 'bench-first-sync-ready';

export interface PageClock {
  /** Epoch ms of the click on the sign-in button. */
  click: number | null;
  /** Epoch ms at which every collection was written as ready. */
  ready: number | null;
  /** Epoch ms at which the sign-in's answer had arrived (resource timing of the request). */
  signedIn: number | null;
}

/** In the page, before the click: arms both marks. Runs in the browser (no imports). */
export function armPageClock(args: { key: string; collections: string[]; click: string; ready: string }): void {
  document.addEventListener('click', () => performance.mark(args.click), { capture: true, once: true });
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (this: Storage, key: string, value: string): void {
    setItem.call(this, key, value);
    if (key !== args.key || performance.getEntriesByName(args.ready).length > 0) return;
    let status: Record<string, { ready?: boolean } | undefined> = {};
    try {
      status = JSON.parse(value) as typeof status;
    } catch {
      return;
    }
    if (args.collections.every((c) => status[c]?.ready === true)) performance.mark(args.ready);
  };
}

/** In the page, after the status was seen ready: the clock's readings. Runs in the browser (no imports). */
export function readPageClock(args: { click: string; ready: string; loginPath: string }): PageClock {
  const at = (name: string): number | null => {
    const mark = performance.getEntriesByName(name)[0];
    return mark === undefined ? null : performance.timeOrigin + mark.startTime;
  };
  const login = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
    (entry) => new URL(entry.name).pathname === args.loginPath && entry.responseEnd > 0,
  );
  return { click: at(args.click), ready: at(args.ready), signedIn: login ? performance.timeOrigin + login.responseEnd : null };
}

/** In the page: true once a service worker is active (installed, the app precached), false after `timeoutMs`. */
export function serviceWorkerReady(timeoutMs: number): Promise<boolean> {
  return Promise.race([
    navigator.serviceWorker.ready.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs)),
  ]);
}
