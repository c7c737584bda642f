import { describe, expect, it, vi } from 'vitest';
import { PIN_MEDIA_MESSAGE, PINNED_MEDIA_CACHE, SEEN_MEDIA_CACHE, SEEN_MEDIA_MESSAGE } from './media-cache-policy';
import {
  clearOfflineImages,
  handOverPicturesSeenBeforeControl,
  measureOfflineImages,
  pinOfflineImages,
  releaseImagesOnQuotaError,
} from './offline-images';
import { createFakeCacheStorage } from './testing/fake-cache-storage';

const ORIGIN = 'https://shop.example.gr';
const url = (sku: string) => `${ORIGIN}/media/product/${sku}/thumbnail.svg`;
const bytes = (n: number) => new Response('x'.repeat(n), { headers: { 'content-type': 'image/svg+xml' } });

async function filled() {
  const caches = createFakeCacheStorage();
  const seen = await caches.open(SEEN_MEDIA_CACHE);
  await seen.put(url('A'), bytes(600));
  await seen.put(url('B'), bytes(900));
  await (await caches.open(PINNED_MEDIA_CACHE)).put(url('B'), bytes(900));
  await (await caches.open('workbox-precache-v2')).put(`${ORIGIN}/index.html`, bytes(5000));
  return caches;
}

describe('offline pictures on the page', () => {
  it('measures the pictures (not the app shell), counting a picture both seen and pinned once', async () => {
    expect(await measureOfflineImages(await filled())).toEqual({ count: 2, pinned: 1, bytes: 2400 });
    expect(await measureOfflineImages(undefined)).toEqual({ count: 0, pinned: 0, bytes: 0 });
  });

  it('clearing empties the pictures and leaves the app shell', async () => {
    const caches = await filled();
    await clearOfflineImages(caches);
    expect(await measureOfflineImages(caches)).toEqual({ count: 0, pinned: 0, bytes: 0 });
    expect(await caches.keys()).toEqual(['workbox-precache-v2']);
  });

  it('hands the list to the controlling worker, and says so when there is none', () => {
    const postMessage = vi.fn();
    const container = { controller: { postMessage } } as unknown as ServiceWorkerContainer;
    expect(pinOfflineImages(container, [url('A')])).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ type: PIN_MEDIA_MESSAGE, urls: [url('A')] });
    expect(pinOfflineImages({ controller: null } as unknown as ServiceWorkerContainer, [url('A')])).toBe(false);
  });

  it('once the worker controls the page, hands over the pictures drawn before, each once, and nothing else', () => {
    const postMessage = vi.fn();
    const container = { controller: { postMessage } } as unknown as ServiceWorkerContainer;
    const loaded = [
      { name: url('A'), initiatorType: 'img' },
      { name: `${ORIGIN}/assets/index.js`, initiatorType: 'script' },
      { name: url('A'), initiatorType: 'img' },
      { name: `${ORIGIN}/icons/icon-192.png`, initiatorType: 'img' },
      { name: url('B'), initiatorType: 'img' },
    ];
    expect(handOverPicturesSeenBeforeControl(container, loaded)).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ type: SEEN_MEDIA_MESSAGE, urls: [url('A'), url('B')] });
    expect(handOverPicturesSeenBeforeControl(container, loaded.slice(1, 2))).toBe(false);
    expect(postMessage).toHaveBeenCalledTimes(1);
  });

  it('a quota error reaching the page clears the pictures first; other errors change nothing', async () => {
    const caches = await filled();
    const target = new EventTarget();
    const reject = (reason: unknown) => target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stop = releaseImagesOnQuotaError(target as unknown as Window, caches);

    reject(new Error('network'));
    await Promise.resolve();
    expect((await measureOfflineImages(caches)).count).toBe(2);

    reject({ name: 'DexieError', inner: new DOMException('full', 'QuotaExceededError') });
    await vi.waitFor(async () => expect((await measureOfflineImages(caches)).count).toBe(0));
    expect(await caches.has('workbox-precache-v2')).toBe(true);
    stop();
  });
});
