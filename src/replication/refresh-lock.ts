/**
 * Runs a token refresh while no other tab of the origin (nor the service worker) runs one: a refresh token
 * is good for one use, so two tabs must not present it at the same time (decision 005, "Refreshing from
 * several tabs").
 */
export interface RefreshLock {
  run<T>(task: () => Promise<T>): Promise<T>;
}

/** Shared by every tab and worker of the origin; released when the task settles or its tab closes. */
export const REFRESH_LOCK_NAME = 'b2b.session.refresh';

export function webRefreshLock(locks: LockManager, name = REFRESH_LOCK_NAME): RefreshLock {
  return {
    // The lock is held until the task's promise settles; request() answers with what the task resolved to.
    async run<T>(task: () => Promise<T>): Promise<T> {
      const result: T = await locks.request(name, { mode: 'exclusive' }, task);
      return result;
    },
  };
}

/**
 * Browsers without Web Locks (Safari before 15.4, Firefox before 96) refresh without one. Tabs then re-read
 * the shared tokens before they call and mostly find the work done; two that overlap present the same token
 * within one round trip, which the bridge answers with the same successor (its grace window for concurrent
 * duplicates), so the race costs a second request, not the session.
 */
export const unlockedRefresh: RefreshLock = { run: (task) => task() };

export function browserRefreshLock(): RefreshLock {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Partial<Navigator>).locks;
  return locks ? webRefreshLock(locks) : unlockedRefresh;
}

/**
 * One lock shared by several refreshers of one process, behaving like navigator.locks does for the tabs of
 * an origin (first come, first served; released when the task settles). For tests, where Node has no Web Locks.
 */
export function createLocalLock(): RefreshLock & { readonly held: boolean } {
  let tail: Promise<unknown> = Promise.resolve();
  let held = false;
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = tail.then(async () => {
        held = true;
        try {
          return await task();
        } finally {
          held = false;
        }
      });
      tail = result.catch(() => undefined);
      return result;
    },
    get held() {
      return held;
    },
  };
}
