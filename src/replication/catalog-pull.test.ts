import { describe, expect, it } from 'vitest';
import { makeProduct } from '../db/testing/documents';
import { createBridgeClient } from './bridge-client';
import { createBridgeEvents } from './bridge-events';
import { fetchCatalogPage, readFeedAhead } from './catalog-pull';
import { createMemoryTokenStore } from './token-store';

const tokens = () => createMemoryTokenStore({ accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 60_000 });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A wire product as the bridge sends it (no barcode: the contract allows it absent). */
function wireProduct(sku: string): Record<string, unknown> {
  const { barcode: _, ...doc } = makeProduct({ sku, name_en: `Product ${sku}`, new: false, sale: false });
  return { ...doc, _deleted: false };
}

describe('fetchCatalogPage', () => {
  it('splits a page into stored documents and removals, in the local shape', async () => {
    const asked: string[] = [];
    const client = createBridgeClient({
      fetch: async (input) => {
        asked.push(input);
        return json(200, {
          code: 200,
          result: { documents: [wireProduct('A'), { sku: 'GONE', _deleted: true }], checkpoint: { seq: 12 } },
          meta: { remaining: 5 },
        });
      },
      tokens: tokens(),
      events: createBridgeEvents(),
    });
    const page = await fetchCatalogPage(client, 'products', 10, 2);
    expect(asked).toEqual(['/api/sync/v1/products?after=10&limit=2']);
    expect(page.upserts.map((d) => [d.sku, d.barcode, '_deleted' in d])).toEqual([['A', '', false]]);
    expect(page.removals).toEqual(['GONE']);
    expect(page).toMatchObject({ collection: 'products', documents: 2, remaining: 5, caughtUp: false, checkpoint: 12 });
  });

  it('is caught up on a short page or when nothing remains', async () => {
    const answer = (documents: unknown[], remaining?: number) =>
      createBridgeClient({
        fetch: async () =>
          json(200, {
            code: 200,
            result: { documents, checkpoint: { seq: 3 } },
            ...(remaining === undefined ? {} : { meta: { remaining } }),
          }),
        tokens: tokens(),
        events: createBridgeEvents(),
      });
    expect((await fetchCatalogPage(answer([wireProduct('A')]), 'products', 0, 2)).caughtUp).toBe(true);
    expect((await fetchCatalogPage(answer([wireProduct('A'), wireProduct('B')], 0), 'products', 0, 2)).caughtUp).toBe(true);
    // An older bridge without meta: only the page length says.
    expect((await fetchCatalogPage(answer([wireProduct('A'), wireProduct('B')]), 'products', 0, 2)).caughtUp).toBe(false);
  });

  it('rejects a document that breaks the contract', async () => {
    const client = createBridgeClient({
      fetch: async () => json(200, { code: 200, result: { documents: [{ ...wireProduct('A'), price: -1 }], checkpoint: { seq: 1 } } }),
      tokens: tokens(),
      events: createBridgeEvents(),
    });
    await expect(fetchCatalogPage(client, 'products', 0, 10)).rejects.toThrow();
  });

  it('reports a 426 from the bridge as update-required', async () => {
    const events = createBridgeEvents();
    let updateRequired = 0;
    events.on('update-required', () => (updateRequired += 1));
    const client = createBridgeClient({
      fetch: async () => json(426, { code: 426, result: null, errors: [{ description: 'Please update' }] }),
      tokens: tokens(),
      events,
    });
    await expect(fetchCatalogPage(client, 'products', 5, 1000)).rejects.toThrow();
    expect(updateRequired).toBe(1);
  });
});

type Page = { n: number; caughtUp: boolean; checkpoint: number };

/** A feed of `size` pages; `fetchPage` resolves only when the test releases it, and logs every `after`. */
function controlledFeed(size: number, failAt?: number) {
  const asked: number[] = [];
  const pending: (() => void)[] = [];
  const fetchPage = (after: number): Promise<Page> => {
    asked.push(after);
    return new Promise<Page>((resolve, reject) => {
      pending.push(() => {
        if (after === failAt) reject(new Error(`page after ${after} failed`));
        else resolve({ n: after + 1, caughtUp: after + 1 >= size, checkpoint: after + 1 });
      });
    });
  };
  const releaseAll = async (): Promise<void> => {
    while (pending.length > 0) {
      pending.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { asked, fetchPage, releaseAll };
}

describe('readFeedAhead', () => {
  it('fetches page after page from each checkpoint and stops after the caught-up one', async () => {
    const feed = controlledFeed(3);
    const stream = readFeedAhead(feed.fetchPage, 0, 10);
    await feed.releaseAll();
    const pages = [await stream.next(), await stream.next(), await stream.next(), await stream.next()];
    expect(pages.map((p) => p?.n ?? null)).toEqual([1, 2, 3, null]);
    expect(feed.asked).toEqual([0, 1, 2]);
  });

  it('keeps at most `depth` pages ahead of the consumer, and hands over what has arrived at once', async () => {
    const feed = controlledFeed(10);
    const stream = readFeedAhead(feed.fetchPage, 0, 2);
    await feed.releaseAll();
    // Two pages arrived, then the reader waits for the consumer.
    expect(feed.asked).toEqual([0, 1]);
    expect((await stream.next())?.n).toBe(1);
    expect(stream.takeArrived().map((p) => p.n)).toEqual([2]);
    await feed.releaseAll();
    expect(feed.asked).toEqual([0, 1, 2, 3]);
    stream.close();
  });

  it('delivers the pages before a failure, then the failure, then nothing more', async () => {
    const feed = controlledFeed(10, 2);
    const stream = readFeedAhead(feed.fetchPage, 0, 10);
    await feed.releaseAll();
    expect((await stream.next())?.n).toBe(1);
    expect((await stream.next())?.n).toBe(2);
    await expect(stream.next()).rejects.toThrow('page after 2 failed');
    expect(feed.asked).toEqual([0, 1, 2]);
  });

  it('fetches the pages whose start a page announced (ahead) at once, and hands them over in feed order', async () => {
    const asked: [number, boolean][] = [];
    const pending = new Map<number, () => void>();
    const fetchPage = (after: number, askAhead: boolean) => {
      asked.push([after, askAhead]);
      return new Promise<{ n: number; caughtUp: boolean; checkpoint: number; ahead?: number[] }>((resolve) =>
        pending.set(after, () =>
          resolve({ n: after / 10, caughtUp: after >= 40, checkpoint: after + 10, ...(after === 0 ? { ahead: [20, 30, 40] } : {}) }),
        ),
      );
    };
    const stream = readFeedAhead(fetchPage, 0, 4);
    pending.get(0)?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Page 0 told where pages 1..4 start: three more go out together (depth 4), only the last asks for more.
    expect(asked).toEqual([
      [0, true],
      [10, false],
      [20, false],
      [30, false],
    ]);
    // Answers in reverse order are still handed over in feed order.
    for (const after of [30, 20, 10]) pending.get(after)?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await stream.next())?.n).toBe(0);
    expect(stream.takeArrived().map((p) => p.n)).toEqual([1, 2, 3]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked.at(-1)).toEqual([40, true]);
    pending.get(40)?.();
    expect((await stream.next())?.n).toBe(4);
    expect(await stream.next()).toBeNull();
  });

  it('stops at the first caught-up page and drops pages fetched beyond it', async () => {
    const fetchPage = async (after: number) => ({
      n: after,
      caughtUp: after === 1,
      checkpoint: after + 1,
      ...(after === 0 ? { ahead: [2, 3] } : {}),
    });
    const stream = readFeedAhead(fetchPage, 0, 4);
    expect((await stream.next())?.n).toBe(0);
    expect((await stream.next())?.n).toBe(1);
    expect(await stream.next()).toBeNull();
  });

  it('stops fetching when closed and drops an answer that comes afterwards', async () => {
    const feed = controlledFeed(10);
    const stream = readFeedAhead(feed.fetchPage, 0, 10);
    stream.close();
    await feed.releaseAll();
    expect(await stream.next()).toBeNull();
    expect(feed.asked).toEqual([0]);
  });
});
