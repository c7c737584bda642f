import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_MAPPING_FOUND, urlMapResultSchema } from '../../src/contracts/search';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { productRedirectRoutes, urlMapRoutes } from '../../server/routes/url-map';
import { seedIfEmpty } from '../../server/seed/seed';
import { createCustomer } from './helpers/factory';
import { openTestSession } from './helpers/session';
import { openTestDb, testDbKind, type TestDb } from './helpers/test-db';

const SECRET = 'url-map-test-secret-that-is-long-enough-0123456789';
let app: FastifyInstance;
let db: TestDb;
let dataDir: string;
let token: string;

type Seeded = { sku: string; parent_sku: string | null; url_path: string; slug: string };
let simple: Seeded;
let child: Seeded;
let parentPath: string;
let category: { slug: string; url_path: string; id: number };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'url-map-test-'));
  db = await openTestDb();
  await seedIfEmpty(db, { products: 200 });
  const pick = async (where: string) =>
    (
      await db.query<Seeded>(
        `select sku, parent_sku, data->>'url_path' as url_path, data->>'slug' as slug from products where ${where} order by id limit 1`,
      )
    )[0];
  simple = (await pick(`type_id = 'simple' and visibility = 4 and status = 1 and parent_sku is null`)) as Seeded;
  child = (await pick(`visibility = 1 and parent_sku is not null and status = 1
    and exists (select 1 from products p where p.sku = products.parent_sku and p.status = 1)`)) as Seeded;
  const [parent] = await db.query<{ url_path: string }>(`select data->>'url_path' as url_path from products where sku = $1`, [
    child.parent_sku,
  ]);
  parentPath = `/${parent?.url_path ?? ''}`;
  [category] = (await db.query<{ slug: string; url_path: string; id: number }>(
    'select slug, url_path, id from categories where level = 3 and is_active order by id limit 1',
  )) as [typeof category];
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: 'warn' });
  app = await buildApp({ config, db, logger: false, distDir: path.join(dataDir, 'no-dist') });
  if (!app.hasRoute({ method: 'POST', url: '/api/url/map' })) await app.register(urlMapRoutes);
  if (!app.hasRoute({ method: 'GET', url: '/p/:sku/:slug' })) await app.register(productRedirectRoutes);
  await app.ready();
  token = (await openTestSession(db, (await createCustomer(db)).id, { secret: SECRET })).token;
});

afterAll(async () => {
  await app.close();
  await db.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

async function map(body: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: '/api/url/map', headers: { authorization: `Bearer ${token}` }, payload: body });
  const json = JSON.parse(res.body) as { code: number; result?: unknown; errors?: { description: string }[] };
  return { status: res.statusCode, json, result: res.statusCode === 200 ? urlMapResultSchema.parse(json.result) : undefined };
}

describe('POST /api/url/map', () => {
  it('maps a product URL to the product', async () => {
    const { status, result } = await map({ url: `/${simple.url_path}` });
    expect(status).toBe(200);
    expect(result).toMatchObject({ _type: 'product', _source: { sku: simple.sku }, url_path: `/${simple.url_path}` });
    expect(result?.filters).toBeUndefined();
  });

  it('maps a hidden child variant to its parent, with the child sku in filters', async () => {
    const { result } = await map({ url: `/p/${child.sku}/${child.slug}` });
    expect(result?._type).toBe('product');
    expect(result?._source.sku).toBe(child.parent_sku);
    expect(result?.filters).toEqual({ childSku: child.sku });
    expect(result?.url_path).toBe(`${parentPath}?childSku=${encodeURIComponent(child.sku)}`);
  });

  it('keeps a requested variant of the parent in filters, and ignores one that is not its child', async () => {
    expect((await map({ url: parentPath, filters: { childSku: child.sku } })).result?.filters).toEqual({ childSku: child.sku });
    expect((await map({ url: parentPath, filters: { childSku: simple.sku } })).result?.filters).toBeUndefined();
  });

  it('maps a category by /c/{slug}, by its url_path, and under a store-code prefix', async () => {
    for (const url of [`/c/${category.slug}`, `/c/${category.slug}/s/some-supplier`, `/${category.url_path}`, `/de/c/${category.slug}`]) {
      const { result } = await map({ url });
      expect(result, url).toMatchObject({ _type: 'category', _source: { id: category.id }, url_path: `/c/${category.slug}` });
    }
  });

  it('maps a CMS page by its identifier, full URL accepted', async () => {
    const { result } = await map({ url: 'http://shop.test/privacy?x=1' });
    expect(result).toMatchObject({ _type: 'cms_page', _source: { identifier: 'privacy' } });
  });

  it('applies includeFields and excludeFields to _source', async () => {
    const only = await map({ url: `/${simple.url_path}`, includeFields: ['sku', 'name'] });
    expect(Object.keys(only.result?._source ?? {}).sort()).toEqual(['name', 'sku']);
    const without = await map({ url: `/${simple.url_path}`, excludeFields: ['stock', 'media_gallery'] });
    expect(without.result?._source).not.toHaveProperty('stock');
    expect(without.result?._source).toHaveProperty('sku');
  });

  it('answers an unknown path with 404 "No mapping found"', async () => {
    for (const url of ['/nothing/here/at-all', '/p/NO-SUCH-SKU/x', '/c/no-such-category', '/']) {
      const { status, json } = await map({ url });
      expect(status, url).toBe(404);
      expect(json.errors?.[0]?.description).toBe(NO_MAPPING_FOUND);
    }
  });

  it('does not map a disabled product, from the moment it is disabled, and maps it again once enabled', async () => {
    // Mapped (and so remembered, on PGlite) before the change: the change must be seen at once anyway.
    expect((await map({ url: `/${simple.url_path}` })).status).toBe(200);
    await db.query(`update products set status = 2 where sku = $1`, [simple.sku]);
    try {
      expect((await map({ url: `/${simple.url_path}` })).status).toBe(404);
    } finally {
      await db.query(`update products set status = 1 where sku = $1`, [simple.sku]);
    }
    expect((await map({ url: `/${simple.url_path}` })).status).toBe(200);
  });

  it('needs a token and a url', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/url/map', payload: { url: '/privacy' } })).statusCode).toBe(401);
    expect((await map({})).status).toBe(400);
  });
});

describe('remembered URL maps', () => {
  it('answers a repeated URL map from memory on PGlite; on PostgreSQL it asks the database each time', async () => {
    let statements = 0;
    const counted: TestDb = { ...db, query: (sql, params) => ((statements += 1), db.query(sql, params)) };
    const countedDir = mkdtempSync(path.join(tmpdir(), 'url-map-cache-test-'));
    const counting = await buildApp({
      config: loadConfig({ DATA_DIR: countedDir, JWT_SECRET: SECRET, LOG_LEVEL: 'warn' }),
      db: counted,
      logger: false,
      distDir: path.join(countedDir, 'no-dist'),
    });
    try {
      const send = async (url: string) => {
        const res = await counting.inject({
          method: 'POST',
          url: '/api/url/map',
          headers: { authorization: `Bearer ${token}` },
          payload: { url },
        });
        return { status: res.statusCode, body: res.body };
      };
      const first = await send(`/${simple.url_path}`);
      const missing = await send('/nothing/mapped/here');
      const afterFirst = statements;
      expect(afterFirst).toBeGreaterThan(0);
      expect(await send(`/${simple.url_path}`)).toEqual(first);
      expect(await send('/nothing/mapped/here')).toEqual(missing);
      expect(missing.status).toBe(404);
      if (testDbKind() === 'pglite') expect(statements).toBe(afterFirst);
      else expect(statements).toBeGreaterThan(afterFirst);
    } finally {
      await counting.close();
      rmSync(countedDir, { recursive: true, force: true });
    }
  });

  it('shows a price changed through the bridge at once, in the URL map and in search', async () => {
    const admin = await createCustomer(db, { isAdmin: true });
    const adminToken = (await openTestSession(db, admin.id, { secret: SECRET })).token;
    const search = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/catalog/product/_search',
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { query: { text: simple.sku }, size: 5 },
      });
      return (JSON.parse(res.body) as { result: { items: { sku: string; price: number }[] } }).result.items.find(
        (i) => i.sku === simple.sku,
      )?.price;
    };
    const before = (await map({ url: `/${simple.url_path}` })).result?._source.price;
    expect(await search()).toBe(before);
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${encodeURIComponent(simple.sku)}`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { price: 123_456 },
    });
    expect(patch.statusCode).toBe(200);
    expect((await map({ url: `/${simple.url_path}` })).result?._source.price).toBe(1234.56);
    // PostgreSQL: other bridge instances write too, so the search cache reads the feed version once a second.
    if (testDbKind() === 'postgresql') await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await search()).toBe(1234.56);
  });
});

describe('GET /p/{sku}/{slug} in a browser', () => {
  it('redirects a hidden child variant with 301 to its parent URL carrying childSku', async () => {
    const res = await app.inject({ method: 'GET', url: `/p/${child.sku}/${child.slug}` });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`${parentPath}?childSku=${encodeURIComponent(child.sku)}`);
  });

  it('leaves other product URLs to the storefront', async () => {
    const res = await app.inject({ method: 'GET', url: `/${simple.url_path}` });
    expect(res.statusCode).not.toBe(301);
    expect(res.headers.location).toBeUndefined();
    // No build in this test: the storefront fallback says so instead of serving index.html.
    expect(res.statusCode).toBe(503);
  });
});
