import { mkdtempSync, rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_ENTITIES, searchResultSchema, type SearchResult } from '../../src/contracts/search';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Queryable } from '../../server/db/client';
import { catalogSearchRoutes } from '../../server/routes/catalog-search';
import { seedIfEmpty } from '../../server/seed/seed';
import { CatalogAnswerCache } from '../../server/services/search/result-cache';
import { PRODUCT_SEARCH_TTL_MS } from '../../src/contracts/search';
import { SearchTurns } from '../../server/services/search/search-turns';
import { searchTransaction, withinSearchTimeLimit, withSearchTimeLimit } from '../../server/services/search/time-limit';
import { createCustomer } from './helpers/factory';
import { openTestSession } from './helpers/session';
import { openTestDb, type TestDb } from './helpers/test-db';

const SECRET = 'search-test-secret-that-is-long-enough-0123456789';
let app: FastifyInstance;
let db: TestDb;
let dataDir: string;
let token: string;

type Row = {
  sku: string;
  name: string;
  name_en: string;
  visibility?: number;
  status?: number;
  parent?: string;
  categories?: number[];
  barcode?: string;
  price?: number;
};

/** Own rows for precise relevance cases, next to a small seeded catalogue (supplier 1 exists there). */
async function insertProduct(q: Queryable, r: Row, id: number): Promise<void> {
  const price = r.price ?? 10;
  const slug = r.sku.toLowerCase();
  const data = {
    id,
    sku: r.sku,
    parentSku: r.parent ?? null,
    name: r.name,
    name_en: r.name_en,
    type_id: 'simple',
    status: r.status ?? 1,
    visibility: r.visibility ?? 4,
    category_ids: r.categories ?? [],
    url_key: slug,
    slug,
    url_path: `p/${r.parent ?? r.sku}/${slug}`,
    price,
    final_price: price,
    name_az: r.name.toLowerCase(),
    barcode: r.barcode ?? null,
  };
  await q.query(
    `insert into products (sku, id, parent_sku, type_id, status, visibility, supplier_id, category_ids, name, name_en, price_cents, barcode, created_at, data)
     values ($1, $2, $3, 'simple', $4, $5, 1, $6, $7, $8, $9, $10, now(), $11)`,
    [
      r.sku,
      id,
      r.parent ?? null,
      r.status ?? 1,
      r.visibility ?? 4,
      r.categories ?? [],
      r.name,
      r.name_en,
      price * 100,
      r.barcode ?? null,
      data,
    ],
  );
}

async function insertCategory(q: Queryable, id: number, name: string): Promise<void> {
  const slug = `test-category-${id}`;
  await q.query(
    `insert into categories (id, parent_id, name, name_en, url_key, url_path, slug, path, level, position, data)
     values ($1, 2, $2, $2, $3, $3, $3, $4, 2, 99, $5)`,
    [id, name, slug, `1/2/${id}`, { id, name, slug, url_path: slug }],
  );
}

const ROWS: Row[] = [
  { sku: 'T-KAFES', name: 'Καφές', name_en: 'Coffee' },
  { sku: 'T-KAFES-FILTROU', name: 'Καφές Φίλτρου Βραζιλίας Ειδικός', name_en: 'Brazil Special Filter Coffee' },
  { sku: 'T-ELAIO', name: 'Ελαιόλαδο Εξαιρετικό Κρητικό 1 λίτρο', name_en: 'Cretan Extra Virgin Olive Oil 1 L' },
  { sku: 'ZX-9001', name: 'Ξυλοκόπτης Πάγκου', name_en: 'Bench Wood Cutter' },
  { sku: 'T-ZX-SET', name: 'Σετ ZX 9001 εργαλείων', name_en: 'ZX 9001 tool set' },
  { sku: 'T-BARCODE', name: 'Αλάτι Θαλασσινό Χοντρό', name_en: 'Coarse Sea Salt', barcode: '5209876543210' },
  { sku: 'T-FACET-1', name: 'Φακελάκι Δοκιμής Πρώτο', name_en: 'Test Sachet One', categories: [9001], price: 5 },
  { sku: 'T-FACET-2', name: 'Φακελάκι Δοκιμής Δεύτερο', name_en: 'Test Sachet Two', categories: [9001], price: 15 },
  { sku: 'T-FACET-3', name: 'Φακελάκι Δοκιμής Τρίτο', name_en: 'Test Sachet Three', categories: [9001, 9002], price: 25 },
  { sku: 'T-FACET-4', name: 'Φακελάκι Δοκιμής Τέταρτο', name_en: 'Test Sachet Four', categories: [9002], price: 35 },
  { sku: 'T-HIDDEN-PARENT', name: 'Μπλουζάκι Κρυφόχρωμο', name_en: 'Hiddencolour Tee' },
  { sku: 'T-HIDDEN-CHILD', name: 'Μπλουζάκι Κρυφόχρωμο Μωβ', name_en: 'Hiddencolour Tee Purple', visibility: 1, parent: 'T-HIDDEN-PARENT' },
  { sku: 'T-DISABLED', name: 'Απενεργοποιημένο Ζαχαροπλαστείο', name_en: 'Disabledthing Bakery', status: 2 },
  { sku: 'T-NOTVISIBLE-ORPHAN', name: 'Αόρατοπροϊόν Μόνο', name_en: 'Invisibleitem Only', visibility: 1 },
];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'search-test-'));
  db = await openTestDb();
  await seedIfEmpty(db, { products: 150 });
  await insertCategory(db, 9001, 'Κατηγορία Δοκιμής Α');
  await insertCategory(db, 9002, 'Κατηγορία Δοκιμής Β');
  for (const [i, row] of ROWS.entries()) await insertProduct(db, row, 900_000 + i);
  // One customer sends every search of this file at once: the per-customer limit has its own tests.
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: 'warn', SEARCH_BURST: '100000' });
  app = await buildApp({ config, db, logger: false, distDir: path.join(dataDir, 'no-dist') });
  if (!app.hasRoute({ method: 'POST', url: '/api/catalog/:entity/_search' })) await app.register(catalogSearchRoutes);
  await app.ready();
  token = (await openTestSession(db, (await createCustomer(db)).id, { secret: SECRET })).token;
});

afterAll(async () => {
  await app.close();
  await db.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

async function search(entity: string, body: unknown): Promise<{ status: number; result: SearchResult; json: Record<string, unknown> }> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/catalog/${entity}/_search`,
    headers: { authorization: `Bearer ${token}` },
    payload: body as object,
  });
  const json = JSON.parse(res.body) as Record<string, unknown>;
  return {
    status: res.statusCode,
    json,
    result: res.statusCode === 200 ? searchResultSchema.parse(json.result) : (undefined as unknown as SearchResult),
  };
}

const skus = (r: SearchResult): string[] => r.items.map((i) => String(i.sku));
const text = (value: string, extra: Record<string, unknown> = {}) => search('product', { query: { text: value }, ...extra });

describe('product relevance', () => {
  it('ranks the product named exactly as the query above one that only contains it', async () => {
    const { result } = await text('καφές');
    expect(skus(result)[0]).toBe('T-KAFES');
    expect(skus(result).indexOf('T-KAFES-FILTROU')).toBeGreaterThan(0);
  });

  it('puts the product with that exact sku first, before one whose name contains it', async () => {
    const { result } = await text('ZX-9001');
    expect(skus(result)[0]).toBe('ZX-9001');
    expect(skus(result)).toContain('T-ZX-SET');
  });

  it('finds a product by its EAN-13 barcode, first', async () => {
    const { result } = await text('5209876543210');
    expect(skus(result)[0]).toBe('T-BARCODE');
  });

  it('is accent- and case-insensitive for Greek, final sigma included', async () => {
    for (const query of ['καφες', 'ΚΑΦΕΣ', 'Καφες']) expect(skus((await text(query)).result)[0]).toBe('T-KAFES');
    // Two accents too many in a five-letter word: more than typo tolerance (one edit) would forgive, so only
    // the accent folding of the query finds it.
    for (const query of ['κάφές', 'ΚΆΦΈΣ']) expect(skus((await text(query)).result)[0]).toBe('T-KAFES');
    expect(skus((await text('ΕΛΑΙΟΛΑΔΟ', { size: 100 })).result)).toContain('T-ELAIO');
  });

  it('tolerates a typo', async () => {
    expect(skus((await text('ελαιολδο', { size: 100 })).result)).toContain('T-ELAIO');
    expect(skus((await text('κρητκο')).result)).toContain('T-ELAIO');
  });

  it('searches the English name too', async () => {
    expect(skus((await text('olive oil', { size: 100 })).result)).toContain('T-ELAIO');
  });

  it('needs 75 % of the words: 1 of 4 finds nothing, 2 of 3 still finds it', async () => {
    const none = await text('ελαιόλαδο qqqqqq wwwwww zzzzzz');
    expect(none.result.total).toBe(0);
    expect(none.result.items).toEqual([]);
    expect(skus((await text('ελαιόλαδο κρητικό qqqqqq')).result)).toContain('T-ELAIO');
  });

  it('marks each product with its relevance score, best first', async () => {
    const { result } = await text('φακελάκι δοκιμής');
    const scores = result.items.map((i) => Number(i._score));
    expect(scores.length).toBeGreaterThanOrEqual(4);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });
});

describe('listable products only', () => {
  it('never returns a disabled product, a hidden variant or an orphan hidden product', async () => {
    expect((await text('Απενεργοποιημένο Ζαχαροπλαστείο')).result.total).toBe(0);
    expect(skus((await text('T-DISABLED')).result)).not.toContain('T-DISABLED');
    expect((await text('Αόρατοπροϊόν')).result.total).toBe(0);
    const variant = await text('Κρυφόχρωμο Μωβ');
    expect(skus(variant.result)).not.toContain('T-HIDDEN-CHILD');
  });

  it('answers the exact sku of a hidden variant with its parent', async () => {
    const { result } = await text('T-HIDDEN-CHILD');
    expect(skus(result)[0]).toBe('T-HIDDEN-PARENT');
    expect(skus(result)).not.toContain('T-HIDDEN-CHILD');
  });
});

describe('size, from and short terms', () => {
  it('turns a negative size into 50 and a negative from into 0; default size is 50', async () => {
    const negative = await search('product', { size: -1, from: -5 });
    expect(negative.result.perPage).toBe(50);
    expect(negative.result.start).toBe(0);
    expect(negative.result.items).toHaveLength(50);
    const plain = await search('product', {});
    expect(plain.result.perPage).toBe(50);
    expect(plain.result.items).toHaveLength(50);
  });

  it('pages with from and size over the same order', async () => {
    const first = await search('product', { query: { text: 'φακελάκι' }, size: 3 });
    const page = await search('product', { query: { text: 'φακελάκι' }, size: 2, from: 1 });
    expect(page.result.start).toBe(1);
    expect(skus(page.result)).toEqual(skus(first.result).slice(1, 3));
    expect(page.result.total).toBe(first.result.total);
  });

  it('answers a 1-character term with an empty result and says why', async () => {
    const { status, result, json } = await text('κ');
    expect(status).toBe(200);
    expect(result.items).toEqual([]);
    expect(json.meta).toEqual({ notice: 'term_too_short', minTermLength: 2 });
  });
});

describe('filters and aggregations', () => {
  it('counts products per category for the matched set', async () => {
    const { result } = await text('φακελάκι δοκιμής', { aggregations: { categories: { terms: { field: 'category_ids' } } } });
    expect(result.total).toBe(4);
    const buckets = result.aggregations.categories?.buckets ?? [];
    expect(buckets).toEqual(
      expect.arrayContaining([
        { key: 9001, doc_count: 3 },
        { key: 9002, doc_count: 2 },
      ]),
    );
  });

  it('filters by category, by a list of skus and by a price range (euros)', async () => {
    expect(skus((await search('product', { query: { filters: { category_ids: 9002 } } })).result).sort()).toEqual([
      'T-FACET-3',
      'T-FACET-4',
    ]);
    expect((await search('product', { query: { filters: { sku: ['T-FACET-1', 'T-FACET-4', 'T-DISABLED'] } } })).result.total).toBe(2);
    const priced = await search('product', { query: { text: 'φακελάκι', filters: { price: { gte: 10, lte: 30 } } }, sort: 'price:asc' });
    expect(skus(priced.result)).toEqual(['T-FACET-2', 'T-FACET-3']);
  });

  it('gives price range buckets', async () => {
    const { result } = await text('φακελάκι', {
      aggregations: { price: { range: { field: 'price', ranges: [{ to: 20 }, { from: 20 }] } } },
    });
    expect(result.aggregations.price?.buckets.map((b) => b.doc_count)).toEqual([2, 2]);
  });

  it('refuses an unknown filter field or sort with a 400 naming it', async () => {
    const bad = await search('product', { query: { filters: { password_hash: 'x' } } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('query.filters.password_hash');
    expect((await search('product', { sort: 'nope:asc' })).status).toBe(400);
    expect((await search('product', { query: { filters: { category_ids: 'abc' } } })).status).toBe(400);
  });

  it('treats names every object inherits as unknown fields (400), in filters, sorts and aggregations', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect((await search('product', { query: { filters: { [name]: 1 } } })).status, `filter ${name}`).toBe(400);
      expect((await search('product', { sort: `${name}:asc` })).status, `sort ${name}`).toBe(400);
      expect((await search('product', { aggregations: { a: { terms: { field: name } } } })).status, `terms ${name}`).toBe(400);
      const range = { aggregations: { a: { range: { field: name, ranges: [{ to: 1 }] } } } };
      expect((await search('product', range)).status, `range ${name}`).toBe(400);
    }
  });
});

describe('every entity answers', () => {
  it.each(SEARCH_ENTITIES.map((e) => [e]))('%s', async (entity) => {
    const { status, result } = await search(entity, { size: 5 });
    expect(status).toBe(200);
    expect(result.total).toBeGreaterThan(0);
    expect(result.items.length).toBeGreaterThan(0);
  });

  it('category filters: parent, level, active, product_count above 0, sorted by position', async () => {
    const { result } = await search('category', {
      query: { filters: { parent_id: 2, is_active: true, product_count: { gt: 0 } } },
      size: 4000,
    });
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.items.every((c) => c.parent_id === 2 && Number(c.product_count) > 0)).toBe(true);
    const positions = result.items.map((c) => Number(c.position));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('attribute filters by code; CMS hierarchy uses the identifier; supplier text is accent-free', async () => {
    const attr = await search('attribute', { query: { filters: { attribute_code: ['color', 'size'] } } });
    expect(attr.result.items.map((a) => a.attribute_code).sort()).toEqual(['color', 'size']);
    const node = await search('cms_hierarchy', { query: { filters: { identifier: 'privacy' } } });
    expect(node.result.items[0]).toMatchObject({ identifier: 'privacy' });
    const { result } = await search('supplier', { size: 1 });
    const name = String(result.items[0]?.name ?? '');
    const folded = name
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toUpperCase();
    expect((await search('supplier', { query: { text: folded } })).result.items.map((s) => s.name)).toContain(name);
  });
});

describe('access and limits', () => {
  it('needs a token (prices are in the documents)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/catalog/product/_search', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an unknown entity', async () => {
    expect((await search('orders', {})).status).toBe(400);
  });

  it('sends the statements of a search one at a time on its connection (pg 9 refuses a second one while one runs)', async () => {
    const warnings: string[] = [];
    const listen = (warning: Error) => warnings.push(warning.message);
    process.on('warning', listen);
    try {
      const res = await search('product', { query: { text: 'ζάχαρη άχνη σε σακί' } });
      expect(res.status).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listen);
    }
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
  });

  it('cuts a search off at the time limit with a 503', async () => {
    const slow = withSearchTimeLimit(db, (q) => q.query('select pg_sleep(0.3)'), 50);
    await expect(slow).rejects.toMatchObject({ status: 503, code: 'SEARCH_TIMEOUT' });
  });

  it('lets other statements pass searches queued in a burst: they wait for one search at most', async () => {
    const finished: string[] = [];
    // A deadline far off: this is about the order of statements, not the time limit (the test above), which
    // a busy machine could reach with these deliberately heavy statements.
    const heavy = (name: string) =>
      searchTransaction(
        db,
        async (q) => {
          await q.query('select count(*) from generate_series(1, 400000) g where g % 3 = 0');
          finished.push(name);
        },
        { deadline: performance.now() + 60_000 },
      );
    const searches = [heavy('search 1'), heavy('search 2'), heavy('search 3')];
    const other = db.query('select 1').then(() => finished.push('sign-in'));
    await Promise.all([...searches, other]);
    expect(finished.indexOf('sign-in')).toBeLessThan(finished.indexOf('search 2'));
  });
});

describe('result cache', () => {
  it('answers a repeat from memory and, polling the feed sequence, forgets everything when the catalogue changes', async () => {
    let clock = 0;
    const cache = new CatalogAnswerCache<number>(db, () => clock);
    let runs = 0;
    const compute = async () => ++runs;
    expect(await cache.get('k', PRODUCT_SEARCH_TTL_MS, compute)).toBe(1);
    expect(await cache.get('k', PRODUCT_SEARCH_TTL_MS, compute)).toBe(1);
    await Promise.all([cache.get('other', PRODUCT_SEARCH_TTL_MS, compute), cache.get('other', PRODUCT_SEARCH_TTL_MS, compute)]);
    expect(runs).toBe(2);
    await insertProduct(db, { sku: 'T-CACHE-NEW', name: 'Νέο Προϊόν Κρυφής Μνήμης', name_en: 'Cache Test' }, 999_999);
    clock += 1500;
    expect(await cache.get('k', PRODUCT_SEARCH_TTL_MS, compute)).toBe(3);
    clock += 60_001;
    expect(await cache.get('k', PRODUCT_SEARCH_TTL_MS, compute)).toBe(4);
  });

  it('runs the queued searches a request still waits for, longest-waiting first; never one every request gave up on', async () => {
    let clock = 0;
    const turns = new SearchTurns(() => clock);
    const finished: string[] = [];
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const search = (key: string, deadline: number) =>
      turns.take(key, deadline, async () => {
        if (key === 'running') await gate;
        finished.push(key);
      });
    const all = [
      search('running', 1000),
      search('gave up 1', 100),
      search('waited for', 1000),
      search('gave up 2', 150),
      search('newer', 1100),
      search('gave up 3', 200),
    ];
    const outcomes = Promise.allSettled(all);
    clock = 500; // the requests for the three "gave up" searches were answered 503 at their limit
    turns.want('gave up 2', 1500); // a buyer asks for that one again
    open();
    const settled = await outcomes;
    expect(finished).toEqual(['running', 'waited for', 'newer', 'gave up 2']);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect(settled[1]).toMatchObject({ reason: { code: 'SEARCH_ABANDONED' } });
  });

  it('keeps an answer that came after the time limit, so its repeat is answered from memory', async () => {
    const cache = new CatalogAnswerCache<string>(db);
    let runs = 0;
    const slow = () =>
      new Promise<string>((resolve) => {
        runs += 1;
        setTimeout(() => resolve('late answer'), 80);
      });
    await expect(withinSearchTimeLimit(cache.get('slow', PRODUCT_SEARCH_TTL_MS, slow), 20)).rejects.toMatchObject({
      status: 503,
      code: 'SEARCH_TIMEOUT',
    });
    // A repeat while it still runs shares it instead of queueing the same search again.
    await expect(withinSearchTimeLimit(cache.get('slow', PRODUCT_SEARCH_TTL_MS, slow), 20)).rejects.toMatchObject({ status: 503 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await withinSearchTimeLimit(cache.get('slow', PRODUCT_SEARCH_TTL_MS, slow), 20)).toBe('late answer');
    expect(runs).toBe(1);
  });

  it('following commit notifications, forgets at the notification and reads no version', async () => {
    let statements = 0;
    const counting: Queryable = {
      query: (sql, params) => ((statements += 1), db.query(sql, params)),
      exec: (sql) => db.exec(sql),
    };
    let notify: (payload: string) => void = () => undefined;
    let unlistened = false;
    const cache = new CatalogAnswerCache<number>(counting);
    const unfollow = await cache.followChanges(async (channel, callback) => {
      expect(channel).toBe('catalog_feed');
      notify = callback;
      return async () => {
        unlistened = true;
      };
    });
    let runs = 0;
    const compute = async () => ++runs;
    expect(await cache.get('k', PRODUCT_SEARCH_TTL_MS, compute)).toBe(1);
    expect(await cache.get('k', PRODUCT_SEARCH_TTL_MS, compute)).toBe(1);
    notify('products');
    expect(await cache.get('k', PRODUCT_SEARCH_TTL_MS, compute)).toBe(2);
    expect(statements).toBe(0);
    await unfollow();
    expect(unlistened).toBe(true);
  });

  it('answers a search that was running when the catalogue changed, but does not keep it', async () => {
    let notify: (payload: string) => void = () => undefined;
    const cache = new CatalogAnswerCache<string>(db);
    await cache.followChanges(async (_channel, callback) => {
      notify = callback;
      return async () => undefined;
    });
    let finish: (value: string) => void = () => undefined;
    const slow = cache.get('k', PRODUCT_SEARCH_TTL_MS, () => new Promise<string>((resolve) => (finish = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    notify('products');
    // A request after the change does not share the computation that began before it.
    const after = cache.get('k', PRODUCT_SEARCH_TTL_MS, async () => 'after the change');
    finish('before the change');
    expect(await slow).toBe('before the change');
    expect(await after).toBe('after the change');
    expect(await cache.get('k', PRODUCT_SEARCH_TTL_MS, async () => 'recomputed')).toBe('after the change');
  });

  it('sends a browser that accepts gzip the same answer compressed, first time and from memory', async () => {
    const request = { method: 'POST' as const, url: '/api/catalog/product/_search', payload: { query: { text: 'καφές' }, size: 20 } };
    const plain = await app.inject({ ...request, headers: { authorization: `Bearer ${token}` } });
    const first = await app.inject({
      ...request,
      payload: { ...request.payload, size: 19 },
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    const repeat = await app.inject({ ...request, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
    for (const res of [first, repeat]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(JSON.parse(gunzipSync(repeat.rawPayload).toString('utf8'))).toEqual(JSON.parse(plain.body));
    const firstItems = (JSON.parse(gunzipSync(first.rawPayload).toString('utf8')) as { result: SearchResult }).result.items;
    expect(firstItems.map((i) => i.sku)).toEqual(
      (JSON.parse(plain.body) as { result: SearchResult }).result.items.slice(0, 19).map((i) => i.sku),
    );
  });
});
