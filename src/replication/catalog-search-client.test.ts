import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalSearchIndex } from '../db/queries/local-search-index';
import { makeProduct } from '../db/testing/documents';
import { createBridgeClient } from './bridge-client';
import { createBridgeEvents } from './bridge-events';
import { createCatalogSearchClient } from './catalog-search-client';
import type { CatalogSearchClientDeps } from './catalog-search-client';
import { createMemoryTokenStore } from './token-store';

type Mode = 'answer' | 'hang' | 'fail';
let mode: Mode = 'answer';
let searches = 0;
let server: Server;
let baseUrl: string;
const hanging: ServerResponse[] = [];

const bridgeItem = {
  sku: 'CAF-1',
  parentSku: null,
  name: 'Καφές ελληνικός 200g',
  name_en: 'Greek coffee 200g',
  supplier_name: 'Λουμίδης ΑΕ',
  price: 3.45,
  special_price: 2.99,
  special_from_date: '2026-01-01T00:00:00.000Z',
  special_to_date: null,
  tax_class_id: 2,
  slug: 'kafes-ellinikos-200g',
  thumbnail: '/media/product/CAF-1/thumbnail.svg',
};

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (!/^\/api\/catalog\/\w+\/_search$/.test(req.url ?? '')) return void res.writeHead(404).end();
      searches += 1;
      if (mode === 'hang') return void hanging.push(res);
      if (mode === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ code: 500, errors: [{ description: 'Unexpected error' }] }));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          code: 200,
          result: { items: [bridgeItem], total: 1, perPage: 20, start: 0, aggregations: {}, attributeMetadata: [] },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  mode = 'answer';
  searches = 0;
});

async function localSearch() {
  const index = createLocalSearchIndex();
  const products = [
    makeProduct({ sku: 'CAF-9', name: 'Καφές φίλτρου 500g', supplier_name: 'Τοπικός', price: 799, final_price: 799, barcode: '' }),
    makeProduct({ sku: 'OIL-1', name: 'Ελαιόλαδο 1L', barcode: '' }),
  ];
  await index.sync({ products, categories: [] });
  return index;
}

async function clientFor(overrides: Partial<CatalogSearchClientDeps> & { url?: string } = {}) {
  const index = await localSearch();
  const client = createBridgeClient({
    fetch: (input, init) => fetch(input, init),
    baseUrl: overrides.url ?? baseUrl,
    tokens: createMemoryTokenStore(),
    events: createBridgeEvents(),
  });
  return createCatalogSearchClient({ client, local: async (text, options) => index.search(text, options), ...overrides });
}

describe('catalogue search client', () => {
  it('answers from the bridge, in cents, and serves a repeat within 60 s from the cache', async () => {
    let clock = 1_000_000;
    const search = await clientFor({ now: () => clock });
    const first = await search.searchProducts('καφες');
    expect(first).toMatchObject({ offline: false, total: 1 });
    expect(first.hits[0]).toMatchObject({
      sku: 'CAF-1',
      pageSku: 'CAF-1',
      prices: { price: 345, special_price: 299, special_from_date: Date.UTC(2026, 0, 1), special_to_date: undefined },
      supplierName: 'Λουμίδης ΑΕ',
    });
    clock += 59_000;
    await search.searchProducts('καφες');
    expect(searches).toBe(1);
    clock += 2_000;
    await search.searchProducts('καφες');
    expect(searches).toBe(2);
  });

  it('falls back to the local replica, marked offline, when the bridge cannot be reached', async () => {
    const unused = createServer();
    await new Promise<void>((resolve) => unused.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(unused.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => unused.close(() => resolve()));
    const search = await clientFor({ url });
    const answer = await search.searchProducts('καφες');
    expect(answer.offline).toBe(true);
    expect(answer.hits.map((h) => h.sku)).toEqual(['CAF-9']);
    expect(answer.hits[0]).toMatchObject({ supplierName: 'Τοπικός', prices: { price: 799 } });
  });

  it('falls back to the local replica when the bridge does not answer within the timeout', async () => {
    mode = 'hang';
    const search = await clientFor({ timeoutMs: 200 });
    const answer = await search.searchProducts('ελαιολαδο');
    expect(answer).toMatchObject({ offline: true, total: 1 });
    expect(searches).toBe(1);
  });

  it('does not call the bridge at all when the browser says it is offline', async () => {
    const search = await clientFor({ isOnline: () => false });
    expect((await search.searchProducts('καφες')).offline).toBe(true);
    expect(searches).toBe(0);
  });

  it('raises a server-side failure instead of hiding it, and does not cache it', async () => {
    mode = 'fail';
    const search = await clientFor();
    await expect(search.searchProducts('καφες')).rejects.toMatchObject({ code: 500, description: 'Unexpected error' });
    mode = 'answer';
    expect((await search.searchProducts('καφες')).offline).toBe(false);
    expect(searches).toBe(2);
  });

  it('keeps other entities for 10 minutes', async () => {
    let clock = 0;
    const search = await clientFor({ now: () => clock });
    const body = { query: { filters: { is_active: true } } };
    await search.search('category', body);
    clock += 9 * 60_000;
    await search.search('category', body);
    expect(searches).toBe(1);
    clock += 61_000;
    await search.search('category', body);
    expect(searches).toBe(2);
  });
});
