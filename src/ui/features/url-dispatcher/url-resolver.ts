import { z } from 'zod';
import { NO_MAPPING_FOUND, urlMapResultSchema } from '../../../contracts/search';
import type { UrlMapResult } from '../../../contracts/search';
import type { BridgeClient } from '../../../replication/bridge-client';
import { isBridgeError } from '../../../replication/bridge-error';
import { to } from '../../routes/paths';

/**
 * docs/product-rules.md §2 URL dispatcher: an unknown path becomes a product, category or CMS page, looked up in a
 * local cache first (remembered answers, then the local catalogue), then on the bridge
 * (`POST /api/url/map`). "No mapping found" and "Route not found" fall through to page-not-found.
 */

export const cmsPageSchema = z.object({
  identifier: z.string(),
  title: z.string().catch(''),
  title_en: z.string().optional().catch(undefined),
  content: z.string().catch(''),
  content_en: z.string().optional().catch(undefined),
});
export type CmsPageContent = z.infer<typeof cmsPageSchema>;

/** Only answers worth keeping are cached: a redirect (product or category) or a CMS page. */
const cachedTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), to: z.string().startsWith('/') }),
  z.object({ kind: z.literal('cms_page'), page: cmsPageSchema }),
]);
type CachedTarget = z.infer<typeof cachedTargetSchema>;

export type UrlTarget =
  /** `redirect`: a product or category, navigated to while replacing the unknown path in history. */
  | CachedTarget
  | { kind: 'not-found' }
  /** Not in the local replica and the bridge cannot be reached. */
  | { kind: 'offline' };

export interface LocalUrlLookup {
  find(path: string): Promise<UrlTarget | null>;
}

/** The "local cache" of docs/product-rules.md §2: answers the bridge gave before, kept across visits. */
export interface UrlCache {
  get(path: string): UrlTarget | null;
  set(path: string, target: CachedTarget): void;
}

export interface UrlResolverDeps {
  cache: UrlCache;
  local: LocalUrlLookup;
  bridge: BridgeClient;
  isOnline?: () => boolean;
}

export interface UrlResolver {
  resolve(path: string): Promise<UrlTarget>;
}

const NOT_FOUND_ANSWERS = new Set([NO_MAPPING_FOUND, 'Route not found']);

/** "/de/Foo/bar/?x=1" and "foo/bar" are the same key; the store code is stripped by the route already. */
export function normalizeUrlPath(path: string): string {
  return path.split(/[?#]/)[0]?.replace(/^\/+|\/+$/g, '') ?? '';
}

function withLeadingSlash(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

/** What the bridge's answer means for the storefront (the bridge already points a hidden variant at its parent). */
export function targetFromMapping(result: UrlMapResult): UrlTarget {
  const source = result._source;
  if (result._type === 'cms_page') {
    const page = cmsPageSchema.safeParse(source);
    return page.success ? { kind: 'cms_page', page: page.data } : { kind: 'not-found' };
  }
  if (result._type === 'category') {
    const slug = typeof source.slug === 'string' && source.slug !== '' ? source.slug : null;
    return { kind: 'redirect', to: slug ? to.category(slug) : withLeadingSlash(result.url_path) };
  }
  const childSku = result.filters?.childSku;
  const [path, query] = withLeadingSlash(result.url_path).split('?');
  const params = new URLSearchParams(query ?? '');
  if (childSku && !params.has('childSku')) params.set('childSku', childSku);
  const search = params.toString();
  return { kind: 'redirect', to: search ? `${path ?? ''}?${search}` : (path ?? '/') };
}

async function askBridge(bridge: BridgeClient, path: string): Promise<UrlTarget> {
  try {
    const { result } = await bridge.request({ method: 'POST', path: '/api/url/map', body: { url: path }, result: urlMapResultSchema });
    return targetFromMapping(result);
  } catch (error) {
    if (isBridgeError(error) && error.kind === 'network') return { kind: 'offline' };
    if (isBridgeError(error) && (error.code === 404 || NOT_FOUND_ANSWERS.has(error.description))) return { kind: 'not-found' };
    throw error;
  }
}

export function createUrlResolver(deps: UrlResolverDeps): UrlResolver {
  // One resolution per path at a time: a double click or StrictMode's second effect shares it.
  const inFlight = new Map<string, Promise<UrlTarget>>();

  async function resolveOnce(key: string): Promise<UrlTarget> {
    const cached = deps.cache.get(key);
    if (cached) return cached;
    const local = await deps.local.find(key);
    if (local) return local;
    if (deps.isOnline && !deps.isOnline()) return { kind: 'offline' };
    const target = await askBridge(deps.bridge, key);
    if (target.kind === 'redirect' || target.kind === 'cms_page') deps.cache.set(key, target);
    return target;
  }

  return {
    resolve(path) {
      const key = normalizeUrlPath(path);
      if (key === '') return Promise.resolve({ kind: 'not-found' });
      let pending = inFlight.get(key);
      if (!pending) {
        pending = resolveOnce(key).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}

const CACHE_KEY = 'url-dispatcher:v1';
const MAX_CACHED_PATHS = 500;

/** The cache in localStorage; a full quota clears it (docs/product-rules.md §8 "the URL cache is cleared"). */
export function createStorageUrlCache(storage: Storage): UrlCache {
  const read = (): Record<string, CachedTarget> => {
    try {
      const parsed = z.record(z.string(), cachedTargetSchema).safeParse(JSON.parse(storage.getItem(CACHE_KEY) ?? '{}'));
      return parsed.success ? parsed.data : {};
    } catch (error) {
      console.warn('URL cache unreadable, starting afresh', error);
      return {};
    }
  };
  return {
    get: (path) => read()[path] ?? null,
    set: (path, target) => {
      const entries = Object.entries(read()).slice(-(MAX_CACHED_PATHS - 1));
      entries.push([path, target]);
      try {
        storage.setItem(CACHE_KEY, JSON.stringify(Object.fromEntries(entries)));
      } catch (error) {
        console.warn('Storage quota reached: URL cache cleared', error);
        storage.removeItem(CACHE_KEY);
      }
    },
  };
}
