import { z } from 'zod';

/** RequireAuth sends a visitor to /login with `state.from`; after login they continue there. */
const fromState = z.object({
  from: z.object({ pathname: z.string(), search: z.string().optional(), hash: z.string().optional() }),
});

export function returnPath(state: unknown): string {
  const parsed = fromState.safeParse(state);
  if (!parsed.success) return '/';
  const { pathname, search = '', hash = '' } = parsed.data.from;
  // Only paths of this app: never an absolute URL smuggled in through history state.
  if (!pathname.startsWith('/') || pathname.startsWith('//')) return '/';
  return `${pathname}${search}${hash}`;
}
