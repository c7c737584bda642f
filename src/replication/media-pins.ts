import { isCacheableImageResponse, PINNED_MEDIA_CACHE, SEEN_MEDIA_CACHE } from './media-cache-policy';

/** Fetches ahead at most this many thumbnails at once, so the warm-up never crowds out the page's own requests. */
const PIN_CONCURRENCY = 3;

/**
 * Makes the pinned cache hold exactly `urls`: lets go of the others, copies what the seen cache already has, fetches
 * the rest (a few at a time). A picture that cannot be fetched now (offline) is tried with the next list.
 */
export async function syncPinned(caches: CacheStorage, urls: readonly string[], fetchImage: typeof fetch = fetch): Promise<void> {
  const pinned = await caches.open(PINNED_MEDIA_CACHE);
  const wanted = new Set(urls);
  const held = await pinned.keys();
  await Promise.all(held.filter((request) => !wanted.has(request.url)).map((request) => pinned.delete(request)));
  const have = new Set(held.map((request) => request.url));
  const missing = urls.filter((url) => !have.has(url));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < missing.length) {
      const url = missing[next++];
      if (url === undefined) return;
      const response =
        (await caches.match(url, { cacheName: SEEN_MEDIA_CACHE })) ??
        (await fetchImage(url, { credentials: 'same-origin' }).catch(() => undefined));
      if (response && isCacheableImageResponse(response)) await pinned.put(url, response);
    }
  };
  await Promise.all(Array.from({ length: PIN_CONCURRENCY }, worker));
}
