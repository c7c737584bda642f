import {
  isQuotaError,
  MEDIA_CACHES,
  PIN_MEDIA_MESSAGE,
  PINNED_MEDIA_CACHE,
  SEEN_BEFORE_CONTROL_MAX,
  SEEN_MEDIA_MESSAGE,
  type PinMediaMessage,
} from './media-cache-policy';

/**
 * The page's side of offline pictures (docs/decisions/029-images-offline.md): what they take on this device, emptying
 * them, handing the service worker the thumbnails to keep, and giving their room up first when storage is full.
 */

export interface OfflineImagesUsage {
  /** Pictures kept, and of them those of the cart and favourites. */
  count: number;
  pinned: number;
  /** Bytes of the pictures' bodies as stored. */
  bytes: number;
}

/** Adds up the offline pictures' sizes (each body read once); zero where the Cache API is missing. */
export async function measureOfflineImages(caches: CacheStorage | undefined): Promise<OfflineImagesUsage> {
  const usage: OfflineImagesUsage = { count: 0, pinned: 0, bytes: 0 };
  if (!caches) return usage;
  const counted = new Set<string>();
  for (const name of MEDIA_CACHES) {
    if (!(await caches.has(name))) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (name === PINNED_MEDIA_CACHE) usage.pinned += 1;
      // A picture both seen and pinned is stored twice and counted twice in bytes, once as a picture.
      if (!counted.has(request.url)) usage.count += 1;
      counted.add(request.url);
      const response = await cache.match(request);
      if (response) usage.bytes += (await response.blob()).size;
    }
  }
  return usage;
}

/** Empties every offline picture; they are downloaded again as they are seen, the cart's and favourites' at the next change. */
export async function clearOfflineImages(caches: CacheStorage | undefined): Promise<void> {
  if (!caches) return;
  await Promise.all(MEDIA_CACHES.map((name) => caches.delete(name)));
}

/** Hands the active service worker the thumbnails to keep; false where no worker controls the page. */
export function pinOfflineImages(container: ServiceWorkerContainer | undefined, urls: readonly string[]): boolean {
  const worker = container?.controller;
  if (!worker) return false;
  const message: PinMediaMessage = { type: PIN_MEDIA_MESSAGE, urls: [...urls] };
  worker.postMessage(message);
  return true;
}

/**
 * A first visit draws its pictures before the service worker controls the page, so they never passed through it: once
 * it does, the page names the pictures it loaded (the browser's resource timing) and the worker keeps them as seen.
 */
export function handOverPicturesSeenBeforeControl(
  container: ServiceWorkerContainer | undefined,
  loaded: readonly { name: string; initiatorType: string }[],
): boolean {
  const worker = container?.controller;
  if (!worker) return false;
  const urls = [
    ...new Set(loaded.filter((e) => e.initiatorType === 'img' && new URL(e.name).pathname.startsWith('/media/')).map((e) => e.name)),
  ];
  if (urls.length === 0) return false;
  worker.postMessage({ type: SEEN_MEDIA_MESSAGE, urls: urls.slice(0, SEEN_BEFORE_CONTROL_MAX) });
  return true;
}

/**
 * Storage full (docs/product-rules.md §8.4): pictures give up their room first. Listens for quota errors that reach
 * the page unhandled (IndexedDB writes of RxDB and Dexie) and empties the offline pictures; the buyer's data on the
 * device is never touched. Returns the function that stops listening.
 */
export function releaseImagesOnQuotaError(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  caches: CacheStorage | undefined,
) {
  const onError = (reason: unknown): void => {
    if (!isQuotaError(reason)) return;
    console.warn('Storage is full: offline pictures cleared', reason);
    void clearOfflineImages(caches);
  };
  const onRejection = (event: PromiseRejectionEvent): void => onError(event.reason);
  const onUncaught = (event: ErrorEvent): void => onError(event.error);
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('error', onUncaught);
  return () => {
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('error', onUncaught);
  };
}
