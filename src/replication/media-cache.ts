import { registerQuotaErrorCallback } from 'workbox-core';
import type { RouteHandlerCallbackOptions, WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  isCacheableImageResponse,
  isOwnMediaUrl,
  isQuotaError,
  PIN_MEDIA_MESSAGE,
  PIN_PAUSE_AFTER_QUOTA_MS,
  SEEN_BEFORE_CONTROL_MAX,
  SEEN_MEDIA_MESSAGE,
  PINNED_MEDIA_CACHE,
  pinnableUrls,
  SEEN_MEDIA_CACHE,
  SEEN_MEDIA_MAX_AGE_SECONDS,
  SEEN_MEDIA_MAX_ENTRIES,
} from './media-cache-policy';
import { syncPinned } from './media-pins';

/** Keeps only complete pictures of our own origin (never an opaque or error answer). */
const ownImagesOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isCacheableImageResponse(response) ? response : null),
};

/**
 * The service worker's part of offline pictures (docs/decisions/029-images-offline.md). A picture under /media/ of
 * our origin is answered from the pinned cache (the cart's and favourites' thumbnails), else cache first from the
 * seen cache, which keeps the newest-used `SEEN_MEDIA_MAX_ENTRIES`. The page sends the list of thumbnails to pin;
 * they are fetched here, a few at a time. Storage full: the pictures go first (both caches emptied, fetching ahead
 * paused), so the buyer's cart, orders and anything else on the device keep their room.
 */
export function installMediaCache(scope: ServiceWorkerGlobalScope): void {
  const origin = scope.location.origin;
  let pausedUntil = 0;
  const releaseSpace = async (): Promise<void> => {
    pausedUntil = Date.now() + PIN_PAUSE_AFTER_QUOTA_MS;
    await Promise.all([scope.caches.delete(PINNED_MEDIA_CACHE), scope.caches.delete(SEEN_MEDIA_CACHE)]);
  };
  // Workbox calls this when any cache write of the worker fails for quota (the seen cache's own metadata is purged
  // by the expiration plugin's purgeOnQuotaError).
  registerQuotaErrorCallback(() => void releaseSpace());

  const seen = new CacheFirst({
    cacheName: SEEN_MEDIA_CACHE,
    plugins: [
      ownImagesOnly,
      new ExpirationPlugin({ maxEntries: SEEN_MEDIA_MAX_ENTRIES, maxAgeSeconds: SEEN_MEDIA_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
    ],
  });
  registerRoute(
    ({ url, request }) => request.destination === 'image' && isOwnMediaUrl(url, origin),
    async (options: RouteHandlerCallbackOptions) => {
      const pinned = await scope.caches.match(options.request, { cacheName: PINNED_MEDIA_CACHE }).catch(() => undefined);
      return pinned ?? seen.handle(options);
    },
  );

  let running: Promise<void> = Promise.resolve();
  let latest: string[] | null = null;
  const pinLatest = async (): Promise<void> => {
    const urls = latest;
    latest = null;
    if (!urls || Date.now() < pausedUntil) return;
    try {
      await syncPinned(scope.caches, urls);
    } catch (error) {
      if (isQuotaError(error)) await releaseSpace();
      else console.warn('Offline thumbnails not fetched', error);
    }
  };
  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data = event.data as { type?: unknown; urls?: unknown } | null;
    if (data?.type === SEEN_MEDIA_MESSAGE) {
      // Fetched through the seen cache's own strategy, so the budget and its metadata apply as to any picture.
      const urls = pinnableUrls(data.urls, origin).slice(0, SEEN_BEFORE_CONTROL_MAX);
      event.waitUntil(
        Promise.all(
          urls.map((url) => seen.handle({ event, request: new Request(url, { credentials: 'same-origin' }) }).catch(() => undefined)),
        ),
      );
      return;
    }
    if (!data || data.type !== PIN_MEDIA_MESSAGE) return;
    // A newer list replaces one still waiting: only the latest matters.
    latest = pinnableUrls(data.urls, origin);
    running = running.then(pinLatest);
    event.waitUntil(running);
  });
}
