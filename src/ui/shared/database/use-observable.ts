import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/**
 * The latest value of an observable, re-subscribed when `deps` change; undefined until it first
 * emits (so "loading" and "not found" (null) stay apart). An error is logged and keeps the last value.
 */
export function useObservable<T>(create: () => Observable<T> | null, deps: readonly unknown[]): T | undefined {
  const [state, setState] = useState<{ deps: readonly unknown[]; value: T | undefined }>({ deps, value: undefined });
  useEffect(() => {
    const source = create();
    if (!source) return undefined;
    const subscription = source.subscribe({
      next: (value) => setState({ deps, value }),
      error: (error: unknown) => console.error('Local database query failed', error),
    });
    return () => subscription.unsubscribe();
    // The caller lists what `create` depends on, like useMemo.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  // A value from the previous deps (another sku) must not show while the new query runs.
  const same = state.deps.length === deps.length && state.deps.every((d, i) => Object.is(d, deps[i]));
  return same ? state.value : undefined;
}
