import { describe, expect, it } from 'vitest';
import { PINNED_MEDIA_CACHE, SEEN_MEDIA_CACHE } from './media-cache-policy';
import { syncPinned } from './media-pins';
import { createFakeCacheStorage } from './testing/fake-cache-storage';

const ORIGIN = 'https://shop.example.gr';
const url = (sku: string) => `${ORIGIN}/media/product/${sku}/thumbnail.svg`;
const picture = (body = '<svg/>') => new Response(body, { status: 200, headers: { 'content-type': 'image/svg+xml' } });

function fakeFetch(answers: Record<string, () => Promise<Response>>) {
  const asked: string[] = [];
  const fetchImage = (async (input: RequestInfo | URL) => {
    const href = String(input);
    asked.push(href);
    const answer = answers[href];
    return answer ? answer() : Promise.reject(new TypeError('Failed to fetch'));
  }) as typeof fetch;
  return { fetchImage, asked };
}

describe('the cart and favourites thumbnails kept ahead of time', () => {
  it('fetches what is missing, copies what was seen, lets go of what left the lists', async () => {
    const caches = createFakeCacheStorage();
    await (await caches.open(SEEN_MEDIA_CACHE)).put(url('SEEN'), picture('seen'));
    await (await caches.open(PINNED_MEDIA_CACHE)).put(url('GONE'), picture());
    const { fetchImage, asked } = fakeFetch({ [url('NEW')]: async () => picture('new') });

    await syncPinned(caches, [url('SEEN'), url('NEW')], fetchImage);

    const pinned = caches.named(PINNED_MEDIA_CACHE)!;
    expect([...pinned.entries.keys()].sort()).toEqual([url('NEW'), url('SEEN')]);
    expect(asked).toEqual([url('NEW')]);
    expect(await (await pinned.match(url('SEEN')))!.text()).toBe('seen');
  });

  it('keeps no error answer, and a picture it cannot fetch now (offline) is simply not there yet', async () => {
    const caches = createFakeCacheStorage();
    const { fetchImage } = fakeFetch({
      [url('HTML')]: async () => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      [url('MISSING')]: async () => new Response('{}', { status: 404, headers: { 'content-type': 'image/svg+xml' } }),
    });
    await syncPinned(caches, [url('HTML'), url('MISSING'), url('OFFLINE')], fetchImage);
    expect(caches.named(PINNED_MEDIA_CACHE)!.entries.size).toBe(0);
  });

  it('lets a full storage reach the worker, which then clears the pictures', async () => {
    const caches = createFakeCacheStorage();
    const pinned = await caches.open(PINNED_MEDIA_CACHE);
    pinned.put = () => Promise.reject(new DOMException('full', 'QuotaExceededError'));
    const { fetchImage } = fakeFetch({ [url('A')]: async () => picture() });
    await expect(syncPinned(caches, [url('A')], fetchImage)).rejects.toMatchObject({ name: 'QuotaExceededError' });
  });
});
