import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBridgeClient } from '../../../replication/bridge-client';
import { createBridgeEvents } from '../../../replication/bridge-events';
import { createMemoryTokenStore } from '../../../replication/token-store';
import type { CatalogSnapshot } from '../../../db/queries/catalog-snapshot';
import { makeProduct } from '../../../db/testing/documents';
import type { CategoryDoc } from '../../../db/schema/categories';
import { createCatalogUrlLookup } from './catalog-url-lookup';
import { createUrlResolver } from './url-resolver';
import type { UrlCache, UrlTarget } from './url-resolver';

type Answer = { status: number; body: unknown };
const answers = new Map<string, Answer>();
const asked: string[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const { url } = JSON.parse(raw) as { url: string };
      asked.push(url);
      const answer = answers.get(url) ?? { status: 404, body: { code: 404, errors: [{ description: 'No mapping found' }] } };
      // A little latency, so concurrent resolutions really overlap.
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      }, 30);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  answers.clear();
  asked.length = 0;
});

const category: CategoryDoc = {
  id: '15',
  parent_id: '12',
  parent_ids: ['12'],
  name: 'Λάδια',
  slug: 'ladia-15',
  url_path: 'trofima/ladia',
  path: '12/15',
  level: 3,
  position: 1,
  is_active: true,
  product_count: 3,
  children_count: 0,
  updated_at: 0,
};
const oil = makeProduct({ sku: 'OIL-5L', slug: 'elaiolado-kritis-5l', url_key: 'elaiolado-kritis-5l' });
const shirt = makeProduct({ sku: 'TSH-1', slug: 'mplouzaki', url_key: 'mplouzaki', type_id: 'configurable' });
const shirtRed = makeProduct({ sku: 'TSH-1-RED', parent_sku: 'TSH-1', slug: 'mplouzaki-kokkino', url_key: 'mplouzaki-kokkino' });
const products = [oil, shirt, shirtRed];
const snapshot: CatalogSnapshot = {
  version: 1,
  products,
  bySku: new Map(products.map((p) => [p.sku, p])),
  categories: [category],
  suppliers: [],
};

function memoryCache(): UrlCache & { entries: Map<string, UrlTarget> } {
  const entries = new Map<string, UrlTarget>();
  return { entries, get: (path) => entries.get(path) ?? null, set: (path, target) => void entries.set(path, target) };
}

function resolverFor(options: { url?: string; online?: boolean; cache?: UrlCache } = {}) {
  const bridge = createBridgeClient({
    fetch: (input, init) => fetch(input, init),
    baseUrl: options.url ?? baseUrl,
    tokens: createMemoryTokenStore(),
    events: createBridgeEvents(),
  });
  const local = createCatalogUrlLookup({
    snapshot: async () => snapshot,
    cmsPages: async () => [{ identifier: 'about-us', title: 'Ποιοι είμαστε', content: '<p>Γεια</p>' }],
  });
  return createUrlResolver({ cache: options.cache ?? memoryCache(), local, bridge, isOnline: () => options.online ?? true });
}

async function deadUrl(): Promise<string> {
  const unused = createServer();
  await new Promise<void>((resolve) => unused.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(unused.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => unused.close(() => resolve()));
  return url;
}

describe('URL dispatcher resolution', () => {
  it('resolves products, categories and CMS pages from the local catalogue without the network', async () => {
    const resolver = resolverFor({ url: await deadUrl(), online: false });
    expect(await resolver.resolve('/elaiolado-kritis-5l')).toEqual({ kind: 'redirect', to: '/p/OIL-5L/elaiolado-kritis-5l' });
    expect(await resolver.resolve('trofima/ladia/')).toEqual({ kind: 'redirect', to: '/c/ladia-15' });
    expect(await resolver.resolve('/about-us')).toMatchObject({ kind: 'cms_page', page: { title: 'Ποιοι είμαστε' } });
    expect(await resolver.resolve('/mplouzaki-kokkino')).toEqual({ kind: 'redirect', to: '/p/TSH-1/mplouzaki?childSku=TSH-1-RED' });
    expect(asked).toEqual([]);
  });

  it('asks the bridge for what the catalogue does not know, and remembers the answer', async () => {
    answers.set('old-brand/olive-oil', {
      status: 200,
      body: {
        code: 200,
        result: { _type: 'product', _source: { sku: 'TSH-9-BLUE' }, url_path: 'p/TSH-9/mplouza', filters: { childSku: 'TSH-9-BLUE' } },
      },
    });
    const cache = memoryCache();
    const resolver = resolverFor({ cache });
    const target = await resolver.resolve('/old-brand/olive-oil');
    expect(target).toEqual({ kind: 'redirect', to: '/p/TSH-9/mplouza?childSku=TSH-9-BLUE' });
    expect(await resolver.resolve('/old-brand/olive-oil')).toEqual(target);
    expect(asked).toEqual(['old-brand/olive-oil']);
    expect(cache.entries.get('old-brand/olive-oil')).toEqual(target);
  });

  it('falls through to page-not-found on "No mapping found" and "Route not found"', async () => {
    answers.set('gone', { status: 404, body: { code: 404, errors: [{ description: 'Route not found' }] } });
    const resolver = resolverFor();
    expect(await resolver.resolve('/nothing-here')).toEqual({ kind: 'not-found' });
    expect(await resolver.resolve('/gone')).toEqual({ kind: 'not-found' });
  });

  it('lets concurrent resolutions of one path share a single bridge request', async () => {
    answers.set('c/x', { status: 200, body: { code: 200, result: { _type: 'category', _source: { slug: 'x-9' }, url_path: 'x' } } });
    const resolver = resolverFor();
    const results = await Promise.all([resolver.resolve('/c/x'), resolver.resolve('c/x/'), resolver.resolve('/c/x?sort=price')]);
    expect(results).toEqual([
      { kind: 'redirect', to: '/c/x-9' },
      { kind: 'redirect', to: '/c/x-9' },
      { kind: 'redirect', to: '/c/x-9' },
    ]);
    expect(asked).toEqual(['c/x']);
  });

  it('says offline when neither the catalogue nor the bridge can answer', async () => {
    expect(await resolverFor({ online: false }).resolve('/unknown')).toEqual({ kind: 'offline' });
    expect(await resolverFor({ url: await deadUrl() }).resolve('/unknown')).toEqual({ kind: 'offline' });
    expect(asked).toEqual([]);
  });
});
