import { CART_MAX_LINES } from '../contracts/cart';
import { FAVORITES_MAX } from '../contracts/favorites';

/**
 * What the service worker keeps of product and supplier pictures for offline use, and on what terms
 * (docs/decisions/029-images-offline.md). Shared by the worker (src/replication/media-cache.ts) and the page (the
 * account's offline-images page, the cart and favourites warm-up), so both name the same caches and limits.
 */

/** Pictures the buyer has seen on this device: cache first, the oldest-used dropped beyond the budget. */
export const SEEN_MEDIA_CACHE = 'media-images';
/** Thumbnails of the cart's lines and the favourites: fetched ahead of time and never dropped by the budget. */
export const PINNED_MEDIA_CACHE = 'media-pinned';
export const MEDIA_CACHES = [SEEN_MEDIA_CACHE, PINNED_MEDIA_CACHE] as const;

/**
 * The budget of seen pictures: 1,000 of them, each kept at most 30 days. A seeded picture is an SVG of about
 * 0.6 to 1.2 KB (about 1 MB for the whole budget); a photographed 310×300 thumbnail is about 20 KB as WebP and a
 * 600×744 gallery picture about 60 KB, so with real photos the budget is some 20 to 40 MB.
 */
export const SEEN_MEDIA_MAX_ENTRIES = 1000;
export const SEEN_MEDIA_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** At most one thumbnail per cart line and per favourite: the cart's and the favourites' own limits. */
export const PINNED_MEDIA_MAX_ENTRIES = CART_MAX_LINES + FAVORITES_MAX;
/** After a quota error the worker stops fetching thumbnails ahead of time for this long. */
export const PIN_PAUSE_AFTER_QUOTA_MS = 60 * 60 * 1000;

/** The page's message to the worker: these are the thumbnails to keep (the whole list; others are let go). */
export const PIN_MEDIA_MESSAGE = 'PIN_MEDIA';
export interface PinMediaMessage {
  type: typeof PIN_MEDIA_MESSAGE;
  urls: string[];
}

/**
 * The page's message once the worker first controls it: pictures it drew before (a first visit loads before the worker
 * is active), to be kept as seen. At most `SEEN_BEFORE_CONTROL_MAX` are taken.
 */
export const SEEN_MEDIA_MESSAGE = 'SEEN_MEDIA';
export const SEEN_BEFORE_CONTROL_MAX = 200;

const MEDIA_PATH = /^\/media\/[A-Za-z0-9._/-]{1,200}$/;

/** A picture of our own bridge (same origin, under /media/); anything else is never cached or fetched ahead. */
export function isOwnMediaUrl(url: URL, origin: string): boolean {
  return url.origin === origin && MEDIA_PATH.test(url.pathname) && !url.pathname.includes('..') && url.search === '';
}

/**
 * Only a complete picture of our origin is kept: status 200, not opaque (an opaque answer's status and size are
 * unknown, and browsers count it as several megabytes of quota), and an image content type (a login page or an
 * error envelope answered in place of a picture must not be kept as the picture).
 */
export function isCacheableImageResponse(response: Pick<Response, 'status' | 'type' | 'headers'>): boolean {
  if (response.status !== 200 || response.type === 'opaque' || response.type === 'opaqueredirect') return false;
  return (response.headers.get('content-type') ?? '').toLowerCase().startsWith('image/');
}

/**
 * The thumbnails to pin, from what the page sends: absolute URLs of our own pictures, each once, in the order given
 * (the cart first, then the newest favourites), at most `PINNED_MEDIA_MAX_ENTRIES`. Anything else is dropped.
 */
export function pinnableUrls(candidates: unknown, origin: string): string[] {
  if (!Array.isArray(candidates)) return [];
  const kept = new Set<string>();
  for (const candidate of candidates) {
    if (kept.size >= PINNED_MEDIA_MAX_ENTRIES) break;
    if (typeof candidate !== 'string' || candidate.length > 500) continue;
    let url: URL;
    try {
      url = new URL(candidate, origin);
    } catch {
      continue;
    }
    if (isOwnMediaUrl(url, origin)) kept.add(url.href);
  }
  return [...kept];
}

/**
 * Whether an error is the browser saying storage is full: a DOMException `QuotaExceededError` from the Cache API or
 * IndexedDB, also when a library wrapped it (Dexie's `inner`, an `Error` `cause`, RxDB's `parameters.error`).
 */
export function isQuotaError(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  const e = error as { name?: unknown; code?: unknown; inner?: unknown; cause?: unknown; parameters?: { error?: unknown } };
  // 22: the legacy DOMException code of QuotaExceededError.
  if (e.name === 'QuotaExceededError' || e.code === 22) return true;
  return isQuotaError(e.inner, depth + 1) || isQuotaError(e.cause, depth + 1) || isQuotaError(e.parameters?.error, depth + 1);
}
