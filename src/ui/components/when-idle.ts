/**
 * Resolves when the browser's main thread is idle, at the latest after `timeoutMs`; a macrotask where the
 * browser has no requestIdleCallback (Safari, jsdom). For work that can wait: index slices, warm-ups.
 */
export function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else window.setTimeout(resolve, 0);
  });
}
