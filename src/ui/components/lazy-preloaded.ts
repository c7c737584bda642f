import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { whenIdle } from './when-idle';

/** How long after start a preload may wait for an idle moment. */
const PRELOAD_WITHIN_MS = 5000;

/**
 * A component whose code stays out of the first page's bundle but is fetched in the first idle moment after
 * start, not only when first shown: a buyer whose connection drops right after a first visit, before the
 * service worker controls the page, can still open it. A failed fetch is forgotten, so the next use tries
 * again. In development and tests the code loads on first use only.
 */
export function lazyPreloaded<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const get = (): Promise<{ default: ComponentType<P> }> => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  if (import.meta.env.PROD && typeof window !== 'undefined') {
    void whenIdle(PRELOAD_WITHIN_MS)
      .then(get)
      .catch(() => undefined);
  }
  return lazy(get);
}
