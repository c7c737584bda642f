/**
 * Stands in for the `unload` package (vite.config.ts aliases it in builds), which broadcast-channel's leader
 * election, and so RxDB's, uses to run its clean-up when a tab goes away. The package listens to `unload`,
 * which Chrome deprecates and which keeps every page out of the back/forward cache (Lighthouse best
 * practices). Here the clean-up runs on `pagehide` instead, which fires whenever the page is left, also into
 * the back/forward cache. A page restored from that cache after its clean-up ran has given up its
 * leadership and closed channels, so it reloads: the same fresh start it had before.
 * Same exports as the package: add, runAll, removeAll, getSize.
 */
type Listener = () => unknown;

const listeners = new Set<Listener>();
let listening = false;
let ranOnHide = false;

function listen(): void {
  if (listening || typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  listening = true;
  window.addEventListener('pagehide', () => {
    ranOnHide = listeners.size > 0;
    void runAll();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && ranOnHide) window.location.reload();
  });
}

export function add(fn: Listener): { remove: () => boolean; run: () => unknown } {
  listen();
  if (typeof fn !== 'function') throw new Error('Listener is no function');
  listeners.add(fn);
  return {
    remove: () => listeners.delete(fn),
    run: () => {
      listeners.delete(fn);
      return fn();
    },
  };
}

export function runAll(): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const fn of [...listeners]) {
    listeners.delete(fn);
    results.push(fn());
  }
  return Promise.all(results);
}

export function removeAll(): void {
  listeners.clear();
}

export function getSize(): number {
  return listeners.size;
}
