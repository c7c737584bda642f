import { describe, expect, it } from 'vitest';
import { createBridgeClient } from './bridge-client';
import { createBridgeEvents } from './bridge-events';
import { catalogPullHandler, toLocalDoc } from './catalog-pull';
import { createMemoryTokenStore } from './token-store';

/**
 * A bridge whose product feed holds `size` tombstones (seq 1..size), answering after `after` with at most
 * `limit`; `failAfter` makes the pull after that seq fail once with a 503. Logs every `after` asked for.
 */
function fakeFeed(size: number, failAfter?: number) {
  const asked: number[] = [];
  let failed = false;
  const fetch = async (input: string): Promise<Response> => {
    const url = new URL(input, 'http://bridge');
    const after = Number(url.searchParams.get('after'));
    const limit = Number(url.searchParams.get('limit'));
    asked.push(after);
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (after === failAfter && !failed) {
      failed = true;
      return json(503, { code: 503, result: null, errors: [{ description: 'busy' }] });
    }
    const seqs = Array.from({ length: Math.max(0, Math.min(limit, size - after)) }, (_, i) => after + i + 1);
    const documents = seqs.map((seq) => ({ sku: `SKU-${seq}`, _deleted: true }));
    return json(200, { code: 200, result: { documents, checkpoint: { seq: seqs.at(-1) ?? after } }, meta: { remaining: size - (seqs.at(-1) ?? after) } });
  };
  const client = createBridgeClient({
    fetch,
    tokens: createMemoryTokenStore({ accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 60_000 }),
    events: createBridgeEvents(),
  });
  return { asked, client };
}

describe('catalogue pull handler', () => {
  it('asks for the next page before returning one, and the next pull uses that request', async () => {
    const feed = fakeFeed(5);
    const pull = catalogPullHandler(feed.client, 'products', () => undefined);
    const first = await pull(undefined, 2);
    expect(first.documents.map((d) => d.sku)).toEqual(['SKU-1', 'SKU-2']);
    expect(feed.asked).toEqual([0, 2]);
    const second = await pull(first.checkpoint, 2);
    expect(second.documents.map((d) => d.sku)).toEqual(['SKU-3', 'SKU-4']);
    const third = await pull(second.checkpoint, 2);
    expect(third.documents.map((d) => d.sku)).toEqual(['SKU-5']);
    // One request per page, none after the short (caught-up) one.
    expect(feed.asked).toEqual([0, 2, 4]);
  });

  it('does not use a prefetched page for another checkpoint or after discardPrefetch', async () => {
    const feed = fakeFeed(10);
    const pull = catalogPullHandler(feed.client, 'products', () => undefined);
    await pull(undefined, 2);
    const other = await pull({ seq: 6 }, 2);
    expect(other.documents.map((d) => d.sku)).toEqual(['SKU-7', 'SKU-8']);
    pull.discardPrefetch();
    await pull({ seq: 8 }, 2);
    expect(feed.asked).toEqual([0, 2, 6, 8, 8]);
  });

  it('reports a failed prefetch only to the pull that uses it; the retry fetches again', async () => {
    const feed = fakeFeed(5, 2);
    const pull = catalogPullHandler(feed.client, 'products', () => undefined);
    const first = await pull(undefined, 2);
    await expect(pull(first.checkpoint, 2)).rejects.toThrow();
    const retried = await pull(first.checkpoint, 2);
    expect(retried.documents.map((d) => d.sku)).toEqual(['SKU-3', 'SKU-4']);
  });

  it('fills a product tombstone so that the local schema accepts it, keeping its sku', () => {
    const doc = toLocalDoc('products', { sku: 'PAP-000123', _deleted: true });
    expect(doc).toMatchObject({ sku: 'PAP-000123', _deleted: true, barcode: '', category_ids: [] });
    expect(toLocalDoc('catalog_meta', { key: 'cms_page:privacy', _deleted: true })).toMatchObject({ key: 'cms_page:privacy', data: {} });
  });

  it('reports a 426 from the bridge as update-required', async () => {
    const events = createBridgeEvents();
    let updateRequired = 0;
    events.on('update-required', () => (updateRequired += 1));
    const client = createBridgeClient({
      fetch: async () =>
        new Response(JSON.stringify({ code: 426, result: null, errors: [{ description: 'Please update' }] }), {
          status: 426,
          headers: { 'content-type': 'application/json' },
        }),
      tokens: createMemoryTokenStore({ accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 60_000 }),
      events,
    });
    const pull = catalogPullHandler(client, 'products', () => undefined);
    await expect(pull({ seq: 5 }, 1000)).rejects.toThrow();
    expect(updateRequired).toBe(1);
  });
});
