import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openPostgres, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { syncRoutes } from '../../server/routes/sync';
import { seedIfEmpty } from '../../server/seed/seed';
import { FEED_PAGE_JOINED_SQL, FEED_PAGE_SQL, readFeedPage } from '../../server/services/change-feed/feed-reader';
import { M } from '../../src/contracts/messages';
import { SYNC_DOCUMENT_SCHEMAS, type SyncCollection } from '../../src/contracts/sync';
import { createCustomer } from './helpers/factory';
import { openTestSession } from './helpers/session';
import { TEST_JWT_SECRET } from './helpers/test-app';
import { openTestDb, type TestDb } from './helpers/test-db';

type Doc = Record<string, unknown> & { _deleted: boolean };
type Page = {
  code: number;
  result: { documents: Doc[]; checkpoint: { seq: number } };
  errors?: { description: string }[];
  meta?: { fields?: { path: string; message: string }[] };
};

let db: TestDb;
let app: FastifyInstance;
let dataDir: string;
let token: string;
let adminToken: string;

async function pull(collection: SyncCollection | string, query: string, auth: string | null = token) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/sync/v1/${collection}?${query}`,
    headers: auth ? { authorization: `Bearer ${auth}` } : {},
  });
  return { res, body: JSON.parse(res.body) as Page };
}

/** Follows checkpoints from `after` until a page comes back smaller than `limit` (RxDB's "caught up"). */
async function pullAll(collection: SyncCollection, after = 0, limit = 1000) {
  const docs: Doc[] = [];
  const checkpoints: number[] = [];
  let seq = after;
  for (;;) {
    const { body } = await pull(collection, `after=${seq}&limit=${limit}`);
    expect(body.code).toBe(200);
    docs.push(...body.result.documents);
    checkpoints.push(body.result.checkpoint.seq);
    seq = body.result.checkpoint.seq;
    if (body.result.documents.length < limit) break;
  }
  return { docs, checkpoint: seq, checkpoints };
}

async function head(collection: SyncCollection): Promise<number> {
  return (await pullAll(collection)).checkpoint;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'feed-test-'));
  db = await openTestDb();
  await seedIfEmpty(db, { products: 400 });
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, SEED_PRODUCTS: '0' });
  app = await buildApp({ config, db, logger: false, distDir: path.join(dataDir, 'no-dist') });
  // Until app.ts registers the feed itself (then this is skipped), the test adds it to the full stack.
  if (!app.hasRoute({ method: 'GET', url: '/api/sync/v1/:collection' })) await app.register(syncRoutes);
  await app.ready();
  const customer = await createCustomer(db);
  const admin = await createCustomer(db, { isAdmin: true });
  token = (await openTestSession(db, customer.id)).token;
  adminToken = (await openTestSession(db, admin.id)).token;
});

afterAll(async () => {
  await app?.close();
  await db?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('access and validation', () => {
  it('refuses a pull without a valid access token (prices only after login)', async () => {
    const none = await pull('products', 'after=0', null);
    expect(none.res.statusCode).toBe(401);
    expect(none.body.errors?.[0]?.description).toBe(M.notAuthorized);
    const forged = await pull('products', 'after=0', `${token}x`);
    expect(forged.res.statusCode).toBe(401);
    // The access token is taken from the Authorization header only, never from the URL.
    const viaQuery = await app.inject({ method: 'GET', url: `/api/sync/v1/suppliers?token=${token}` });
    expect(viaQuery.statusCode).toBe(401);
  });

  it.each([
    ['after=-1', 'after'],
    ['after=abc', 'after'],
    ['after=1.5', 'after'],
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=ten', 'limit'],
    ['after=1&after=2', 'after'],
  ])('answers 400 naming the bad parameter for %s', async (query, field) => {
    const { res, body } = await pull('products', query);
    expect(res.statusCode).toBe(400);
    expect(body.errors?.[0]?.description).toBe(M.invalidRequest);
    const issue = body.meta?.fields?.find((f) => f.path === field);
    expect(issue?.message).toMatch(field === 'limit' ? /from 1 to 1000/ : /whole number of 0 or more/);
  });

  it('answers 404 for a collection that has no feed', async () => {
    const { res } = await pull('orders', 'after=0');
    expect(res.statusCode).toBe(404);
  });
});

describe('products feed', () => {
  it('pages through the whole listed catalogue with increasing checkpoints, no duplicates, only listable products', async () => {
    const { docs, checkpoints } = await pullAll('products', 0, 97);
    expect(checkpoints.length).toBeGreaterThan(2);
    for (let i = 1; i < checkpoints.length; i += 1) expect(checkpoints[i]).toBeGreaterThanOrEqual(checkpoints[i - 1] ?? 0);
    const live = docs.filter((d) => !d._deleted);
    const skus = live.map((d) => d.sku);
    expect(new Set(skus).size).toBe(skus.length);
    const listable = await db.query<{ sku: string }>(
      'select sku from products where status in (0, 1) and visibility in (2, 3, 4) order by sku',
    );
    expect([...skus].sort()).toEqual(listable.map((r) => r.sku));
    for (const doc of docs) expect(SYNC_DOCUMENT_SCHEMAS.products.safeParse(doc).success).toBe(true);
    // Hidden configurable children never travel as documents of their own.
    const hiddenChildren = await db.query<{ sku: string }>('select sku from products where parent_sku is not null and visibility = 1');
    expect(hiddenChildren.length).toBeGreaterThan(0);
    const sent = new Set(docs.map((d) => d.sku));
    expect(hiddenChildren.some((c) => sent.has(c.sku))).toBe(false);
  });

  it('sends compact documents: integer cents, flat stock, name_az, supplier name', async () => {
    const { docs } = await pullAll('products');
    const row = (
      await db.query<{ sku: string; price_cents: number; data: Record<string, unknown> }>(
        "select sku, price_cents, data from products where type_id = 'simple' and parent_sku is null and status = 1 and visibility = 4 order by id limit 1",
      )
    )[0];
    const doc = docs.find((d) => d.sku === row?.sku);
    expect(doc).toMatchObject({ price: row?.price_cents, supplier_name: row?.data.supplier_name, _deleted: false });
    expect(doc?.name_az).toBe(
      String(row?.data.name)
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/ς/g, 'σ'),
    );
    expect(doc).not.toHaveProperty('media_gallery');
    expect(doc).not.toHaveProperty('price_incl_tax');
  });

  it('tells the checkpoints of the following pages when asked, and pages fetched from them in parallel leave no gap', async () => {
    const before = await head('products');
    // A known feed above `before`: 10 re-stamped products, pages of 3.
    const rows = await db.query<{ sku: string }>(
      "select sku from products where type_id = 'simple' and parent_sku is null and status = 1 and visibility = 4 order by id limit 10",
    );
    for (const row of rows) await db.query('update products set price_cents = price_cents + 1 where sku = $1', [row.sku]);
    const sequential = await pullAll('products', before, 3);
    const first = await app.inject({
      method: 'GET',
      url: `/api/sync/v1/products?after=${before}&limit=3&ahead=50`,
      headers: { authorization: `Bearer ${token}` },
    });
    const firstBody = JSON.parse(first.body) as Page & { meta: { remaining: number; ahead?: number[] } };
    // Pages end at checkpoints[0..]: the first page's, then the two full pages after it (the fourth is short).
    expect(firstBody.result.checkpoint.seq).toBe(sequential.checkpoints[0]);
    expect(firstBody.meta.ahead).toEqual(sequential.checkpoints.slice(1, 3));
    // Not asked: not sent.
    expect(JSON.parse((await pull('products', `after=${before}&limit=3`)).res.body).meta.ahead).toBeUndefined();

    // Two products of the second page change before the parallel pulls are made: they move to the end.
    const moved = firstBody.result.checkpoint.seq;
    const secondPage = (await pull('products', `after=${moved}&limit=3`)).body.result.documents.map((d) => String(d.sku));
    for (const sku of secondPage.slice(0, 2)) await db.query('update products set price_cents = price_cents + 1 where sku = $1', [sku]);
    const afters = [moved, ...(firstBody.meta.ahead ?? [])];
    const pages = await Promise.all(afters.map((after) => pull('products', `after=${after}&limit=3`)));
    const last = pages.at(-1)?.body.result.checkpoint.seq ?? 0;
    const rest = await pullAll('products', last, 3);
    const seen = new Set(
      [...firstBody.result.documents, ...pages.flatMap((p) => p.body.result.documents), ...rest.docs].map((d) => String(d.sku)),
    );
    for (const row of rows) expect(seen.has(row.sku)).toBe(true);
    // Each page reaches at least where the next one starts.
    pages.forEach((p, i) => {
      const next = afters[i + 1];
      if (next !== undefined) expect(p.body.result.checkpoint.seq).toBeGreaterThanOrEqual(next);
    });
    expect(firstBody.meta.ahead?.length).toBeGreaterThan(0);
  });

  it('rejects an ahead out of range', async () => {
    const { res, body } = await pull('products', 'after=0&ahead=51');
    expect(res.statusCode).toBe(400);
    expect(body.meta?.fields?.[0]?.path).toBe('ahead');
  });

  it('answers an empty page and the same checkpoint when nothing changed', async () => {
    const seq = await head('products');
    const { body } = await pull('products', `after=${seq}`);
    expect(body.result).toEqual({ documents: [], checkpoint: { seq } });
  });

  it('sends a tombstone after a delete, after disabling and after hiding a product, and the change after a price update', async () => {
    const simples = await db.query<{ sku: string }>(
      "select sku from products where type_id = 'simple' and parent_sku is null and status = 1 and visibility = 4 and sku not in (select jsonb_array_elements(data->'product_links')->>'linked_product_sku' from products where data ? 'product_links') order by id limit 4",
    );
    const [deleted, disabled, hidden, repriced] = simples.map((s) => s.sku);
    const before = await head('products');
    await db.query('delete from products where sku = $1', [deleted]);
    await db.query('update products set status = 2 where sku = $1', [disabled]);
    await db.query('update products set visibility = 1 where sku = $1', [hidden]);
    await db.query('update products set price_cents = 4321 where sku = $1', [repriced]);
    const { docs } = await pullAll('products', before);
    expect(docs).toContainEqual({ sku: deleted, _deleted: true });
    expect(docs).toContainEqual({ sku: disabled, _deleted: true });
    expect(docs).toContainEqual({ sku: hidden, _deleted: true });
    expect(docs.find((d) => d.sku === repriced)).toMatchObject({ price: 4321, _deleted: false });
    expect(docs).toHaveLength(4);
    // Tombstones stay: a client that was offline since the start still learns of the delete.
    const fromStart = await pullAll('products');
    expect(fromStart.docs).toContainEqual({ sku: deleted, _deleted: true });
  });

  it('embeds configurable children without disabled ones and keeps out-of-stock ones flagged', async () => {
    const parent = (
      await db.query<{ parent_sku: string }>(
        'select parent_sku from products where parent_sku is not null and status = 1 group by parent_sku having count(*) >= 2 limit 1',
      )
    )[0]?.parent_sku;
    const kids = await db.query<{ sku: string }>('select sku from products where parent_sku = $1 and status = 1 order by id', [parent]);
    const [toDisable, toEmpty] = kids.map((k) => k.sku);
    const before = await head('products');
    await db.query('update products set status = 2 where sku = $1', [toDisable]);
    await db.query(
      `update products set data = jsonb_set(jsonb_set(data, '{stock,is_in_stock}', 'false'), '{stock,qty}', '0') || '{"is_in_stock": false, "qty": 0}' where sku = $1`,
      [toEmpty],
    );
    const { docs } = await pullAll('products', before);
    expect(docs.map((d) => d.sku)).toEqual([parent]);
    const children = (docs[0]?.configurable_children ?? []) as { sku: string; status: number; is_in_stock: boolean; qty: number }[];
    expect(children.map((c) => c.sku)).not.toContain(toDisable);
    expect(children.every((c) => c.status < 2)).toBe(true);
    expect(children.find((c) => c.sku === toEmpty)).toMatchObject({ is_in_stock: false, qty: 0 });
    expect((docs[0]?.configurable_options as unknown[]).length).toBeGreaterThan(0);
  });

  it('re-sends a supplier\u2019s products with the new supplier_name when the supplier is renamed', async () => {
    const supplier = (
      await db.query<{ supplier_id: number; n: number }>(
        'select supplier_id, count(*)::int as n from products where status = 1 and visibility = 4 group by supplier_id order by n desc limit 1',
      )
    )[0];
    const before = await head('products');
    await db.query("update suppliers set name = 'Renamed Supplier' where id = $1", [supplier?.supplier_id]);
    const { docs } = await pullAll('products', before);
    const live = docs.filter((d) => !d._deleted);
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((d) => d.supplier_id === String(supplier?.supplier_id) && d.supplier_name === 'Renamed Supplier')).toBe(true);
  });

  it('compresses a page for a client that accepts gzip, and compact documents are far smaller than the stored ones', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/sync/v1/products?after=0&limit=1000',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as Page;
    const live = body.result.documents.filter((d) => !d._deleted);
    const full = await db.query<{ data: unknown }>('select data from products where sku = any($1::text[])', [live.map((d) => d.sku)]);
    const compactGz = gzipSync(JSON.stringify(live)).length / live.length;
    const fullGz = gzipSync(JSON.stringify(full.map((r) => r.data))).length / full.length;
    const compactRaw = Buffer.byteLength(JSON.stringify(live)) / live.length;
    const fullRaw = Buffer.byteLength(JSON.stringify(full.map((r) => r.data))) / full.length;
    console.info(
      `bytes per product: compact ${compactRaw.toFixed(0)} raw / ${compactGz.toFixed(0)} gzip; full data ${fullRaw.toFixed(0)} raw / ${fullGz.toFixed(0)} gzip (${live.length} products)`,
    );
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(body)) / 3);
    expect(compactGz).toBeLessThan(fullGz * 0.7);
  });
});

describe('stored feed documents (catalog_feed_docs)', () => {
  /** A listed simple product with a special price window of [from, to] (ISO), re-stamped by the update. */
  async function productWithWindow(fromIso: string, toIso: string): Promise<{ sku: string; price: number }> {
    const [row] = await db.query<{ sku: string; price_cents: number }>(
      "select sku, price_cents from products where type_id = 'simple' and parent_sku is null and status = 1 and visibility = 4 and price_cents > 200 order by id desc limit 1",
    );
    if (!row) throw new Error('the seed has no simple listed product');
    await db.query(
      `update products set data = data || jsonb_build_object('special_price', ($2::numeric / 200), 'special_from_date', $3::text, 'special_to_date', $4::text) where sku = $1`,
      [row.sku, row.price_cents, fromIso, toIso],
    );
    return { sku: row.sku, price: row.price_cents };
  }

  it('serves a page it built once from the stored documents, and never a document stored for an older seq', async () => {
    const before = await head('products');
    const [row] = await db.query<{ sku: string }>(
      "select sku from products where type_id = 'simple' and parent_sku is null and status = 1 and visibility = 4 order by id limit 1",
    );
    if (!row) throw new Error('no product');
    await db.query('update products set price_cents = price_cents + 1 where sku = $1', [row.sku]);
    const first = await readFeedPage(db, 'products', before, 1000, Date.now());
    const stored = await db.query<{ seq: string; doc: string }>(
      "select seq::text as seq, doc from catalog_feed_docs where feed = 'products' and doc_key = $1",
      [row.sku],
    );
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0]?.doc ?? '{}')).toEqual(first.documents[0]);
    // The stored text is what the next pull sends: mark it and read the page again.
    await db.query(
      'update catalog_feed_docs set doc = replace(doc, \'"_deleted":false\', \'"_deleted":false,"stored":true\') where feed = \'products\' and doc_key = $1',
      [row.sku],
    );
    const again = await readFeedPage(db, 'products', before, 1000, Date.now());
    expect(again.documents[0]).toMatchObject({ sku: row.sku, stored: true });
    // A change re-stamps the feed row: the stored document (older seq) is not used any more.
    await db.query('update products set price_cents = 777 where sku = $1', [row.sku]);
    const changed = await readFeedPage(db, 'products', before, 1000, Date.now());
    expect(changed.documents[0]).toMatchObject({ sku: row.sku, price: 777 });
    expect(changed.documents[0]).not.toHaveProperty('stored');
  });

  it('reads a page\u2019s stored documents by primary key, whatever statistics the planner has', async () => {
    await pullAll('products');
    // Statistics as a fresh database has them during its first sync: the stored documents analysed while empty.
    const saved = await db.query<{ feed: string; doc_key: string; seq: string; doc: string; valid_until: string | null }>(
      'select feed, doc_key, seq::text as seq, doc, valid_until::text as valid_until from catalog_feed_docs',
    );
    await db.query('delete from catalog_feed_docs');
    await db.query('analyze catalog_feed_docs');
    await db.query(
      `insert into catalog_feed_docs (feed, doc_key, seq, doc, valid_until)
       select * from unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::bigint[])`,
      [
        saved.map((r) => r.feed),
        saved.map((r) => r.doc_key),
        saved.map((r) => r.seq),
        saved.map((r) => r.doc),
        saved.map((r) => r.valid_until),
      ],
    );
    // Both page reads (the joined one first, entry by entry to build documents).
    for (const sql of [FEED_PAGE_JOINED_SQL, FEED_PAGE_SQL]) {
      const plan = (await db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, ['products', 0, 1000, Date.now()]))
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      // Each access to the stored documents is a lookup of one key (feed and doc_key), not a walk over the feed's.
      const lines = plan.split('\n');
      const docScans = lines.flatMap((line, i) => (line.includes('on catalog_feed_docs') ? [[line, lines[i + 1] ?? ''] as const] : []));
      expect(docScans.length, plan).toBeGreaterThan(0);
      for (const [scan, condition] of docScans) {
        expect(scan, plan).toMatch(/Index (Only )?Scan using catalog_feed_docs_pkey on catalog_feed_docs/);
        expect(condition, plan).toMatch(/Index Cond: .*feed = .*doc_key = /);
      }
    }
    const page = await readFeedPage(db, 'products', 0, 1000, Date.now());
    expect(page.documents.length).toBeGreaterThan(0);
  });

  it('rebuilds a stored product document when its special price window opens and when it closes', async () => {
    const before = await head('products');
    const from = Date.UTC(2030, 0, 10);
    const to = Date.UTC(2030, 0, 20);
    const { sku, price } = await productWithWindow(new Date(from).toISOString(), new Date(to).toISOString());
    const special = Math.round(price / 2);
    const finalAt = async (nowMs: number) => {
      const page = await readFeedPage(db, 'products', before, 1000, nowMs);
      return page.documents.find((d) => d.sku === sku)?.final_price;
    };
    expect(await finalAt(from - 1)).toBe(price);
    const [cached] = await db.query<{ valid_until: string }>(
      "select valid_until::text from catalog_feed_docs where feed = 'products' and doc_key = $1",
      [sku],
    );
    expect(Number(cached?.valid_until)).toBe(from);
    expect(await finalAt(from)).toBe(special);
    expect(await finalAt(to)).toBe(special);
    expect(await finalAt(to + 1)).toBe(price);
    const [after] = await db.query<{ valid_until: string | null }>(
      "select valid_until::text from catalog_feed_docs where feed = 'products' and doc_key = $1",
      [sku],
    );
    expect(after?.valid_until).toBeNull();
  });
});

describe('categories, suppliers and catalog_meta feeds', () => {
  it('sends every supplier and every active category', async () => {
    const suppliers = await pullAll('suppliers');
    const supplierCount = await db.query<{ n: number }>('select count(*)::int as n from suppliers');
    expect(suppliers.docs.filter((d) => !d._deleted)).toHaveLength(supplierCount[0]?.n ?? -1);
    const categories = await pullAll('categories');
    const active = await db.query<{ n: number }>('select count(*)::int as n from categories where is_active');
    expect(categories.docs.filter((d) => !d._deleted)).toHaveLength(active[0]?.n ?? -1);
    for (const doc of categories.docs) expect(SYNC_DOCUMENT_SCHEMAS.categories.safeParse(doc).success).toBe(true);
    for (const doc of suppliers.docs) expect(SYNC_DOCUMENT_SCHEMAS.suppliers.safeParse(doc).success).toBe(true);
  });

  it('keys catalog_meta documents type:id and sends a tombstone for a deactivated CMS page', async () => {
    const all = await pullAll('catalog_meta');
    const keys = all.docs.map((d) => d.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'attribute:color',
        'tax_rule:1',
        'cms_page:privacy',
        'cms_block:footer-contact',
        'store_config:tax.defaultCountry',
      ]),
    );
    expect(all.docs.find((d) => d.key === 'store_config:tax.defaultCountry')).toMatchObject({
      type: 'store_config',
      id: 'tax.defaultCountry',
      data: { value: 'GR' },
    });
    await db.query("update cms_pages set is_active = false where identifier = 'privacy'");
    const after = await pullAll('catalog_meta', all.checkpoint);
    expect(after.docs).toEqual([{ key: 'cms_page:privacy', _deleted: true }]);
  });
});

describe('PATCH /api/admin/products/:sku', () => {
  const patch = (sku: string, body: unknown, auth: string | null = adminToken) =>
    app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${encodeURIComponent(sku)}`,
      payload: body as object,
      headers: auth ? { authorization: `Bearer ${auth}` } : {},
    });

  async function aListedSimple(): Promise<string> {
    const rows = await db.query<{ sku: string }>(
      "select sku from products where type_id = 'simple' and parent_sku is null and status = 1 and visibility = 4 order by id desc limit 1",
    );
    return rows[0]?.sku ?? '';
  }

  it('is for admins only', async () => {
    const sku = await aListedSimple();
    expect((await patch(sku, { price: 100 }, null)).statusCode).toBe(401);
    const refused = await patch(sku, { price: 100 }, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].description).toBe(M.adminOnly);
  });

  it('rejects an empty or malformed change and an unknown sku', async () => {
    const sku = await aListedSimple();
    expect((await patch(sku, {})).statusCode).toBe(400);
    expect((await patch(sku, { price: -5 })).statusCode).toBe(400);
    expect((await patch(sku, { price: 12.5 })).statusCode).toBe(400);
    expect((await patch(sku, { colour: 'red' })).statusCode).toBe(400);
    expect((await patch('NO-SUCH-SKU', { price: 100 })).statusCode).toBe(404);
  });

  it('changes price and stock in the columns and the document, and the feed emits the product', async () => {
    const sku = await aListedSimple();
    const before = await head('products');
    const res = await patch(sku, { price: 1999, qty: 0, is_in_stock: false });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ code: 200, result: { sku, price: 1999, qty: 0, is_in_stock: false } });
    const row = (
      await db.query<{ price_cents: number; data: { price: number; stock: { qty: number; is_in_stock: boolean }; is_in_stock: boolean } }>(
        'select price_cents, data from products where sku = $1',
        [sku],
      )
    )[0];
    expect(row?.price_cents).toBe(1999);
    expect(row?.data.price).toBe(19.99);
    expect(row?.data.stock).toMatchObject({ qty: 0, is_in_stock: false });
    const { docs } = await pullAll('products', before);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ sku, price: 1999, qty: 0, is_in_stock: false, _deleted: false });
  });
});

/**
 * Commit order needs two transactions open at once. PGlite is single-connection (its queries and
 * transactions run one after another), so the race cannot happen there and cannot be staged: these tests
 * run only on PostgreSQL, when TEST_DATABASE_URL is set, in a schema of their own that is dropped after.
 */
const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('commit order with concurrent writers (PostgreSQL)', () => {
  const schema = `feed_order_${Date.now().toString(36)}_${process.pid}`;
  const scopedUrl = (): string => {
    const u = new URL(pgUrl ?? '');
    u.searchParams.set('options', `-c search_path=${schema},public`);
    return u.toString();
  };
  let pgDb: Db;
  const writers: pg.Client[] = [];
  const SKUS = Array.from({ length: 12 }, (_, i) => `RACE-${String(i).padStart(2, '0')}`);

  async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  }

  beforeAll(async () => {
    await admin(async (c) => {
      for (const ext of ['pg_trgm', 'unaccent']) await c.query(`create extension if not exists ${ext} schema public`);
      await c.query(`create schema ${schema}`);
    });
    pgDb = await openPostgres(scopedUrl());
    await migrate(pgDb);
    await pgDb.query("insert into suppliers values (1, 'S', 's', 's', 'active', 0, now(), '{}', now())");
    for (const [i, sku] of SKUS.entries()) {
      await pgDb.query(
        "insert into products (sku, id, type_id, status, visibility, supplier_id, name, name_en, price_cents, created_at, data) values ($1, $2, 'simple', 1, 4, 1, $1, $1, 100, now(), '{}')",
        [sku, i + 1],
      );
    }
    for (let i = 0; i < 4; i += 1) {
      const c = new pg.Client({ connectionString: scopedUrl() });
      await c.connect();
      writers.push(c);
    }
  });

  afterAll(async () => {
    for (const c of writers) await c.end();
    await pgDb?.close();
    await admin((c) => c.query(`drop schema if exists ${schema} cascade`));
  });

  const prices = (docs: readonly Record<string, unknown>[], into = new Map<string, unknown>()) => {
    for (const d of docs) into.set(String(d.sku), d._deleted ? 'deleted' : d.price);
    return into;
  };

  it('does not skip a row whose transaction wrote first but committed after a later writer', async () => {
    const [first, second] = writers;
    if (!first || !second) throw new Error('writers not connected');
    const start = (await readFeedPage(pgDb, 'products', 0, 1000, Date.now())).checkpoint.seq;
    await first.query('begin');
    await first.query("update products set price_cents = 111 where sku = 'RACE-00'");
    await second.query('begin');
    let secondCommitted = false;
    const secondDone = second
      .query("update products set price_cents = 222 where sku = 'RACE-01'")
      .then(() => second.query('commit'))
      .then(() => {
        secondCommitted = true;
      });
    await new Promise((r) => setTimeout(r, 300));
    // The later writer waits for the earlier one's seq to become visible before it can take its own.
    expect(secondCommitted).toBe(false);
    const between = await readFeedPage(pgDb, 'products', start, 1000, Date.now());
    expect(between.documents).toEqual([]);
    await first.query('commit');
    await secondDone;
    const after = await readFeedPage(pgDb, 'products', between.checkpoint.seq, 1000, Date.now());
    expect(prices(after.documents)).toEqual(
      new Map([
        ['RACE-00', 111],
        ['RACE-01', 222],
      ]),
    );
  });

  it('a reader following checkpoints while four writers commit in random order ends with every row as committed', async () => {
    const seen = prices((await readFeedPage(pgDb, 'products', 0, 1000, Date.now())).documents);
    let checkpoint = (await readFeedPage(pgDb, 'products', 0, 1000, Date.now())).checkpoint.seq;
    let writing = true;
    const write = async (c: pg.Client, w: number): Promise<void> => {
      for (let i = 0; i < 15; i += 1) {
        const sku = SKUS[(w * 7 + i * 5) % SKUS.length];
        await c.query('begin');
        await c.query('update products set price_cents = $2 where sku = $1', [sku, 1000 + w * 100 + i]);
        // Hold the transaction open for a random while so commits land out of start order.
        await c.query('select pg_sleep($1)', [Math.random() * 0.02]);
        await c.query('commit');
      }
    };
    const reader = (async () => {
      while (writing) {
        const page = await readFeedPage(pgDb, 'products', checkpoint, 5, Date.now());
        prices(page.documents, seen);
        checkpoint = page.checkpoint.seq;
      }
    })();
    await Promise.all(writers.map((c, w) => write(c, w)));
    writing = false;
    await reader;
    for (;;) {
      const page = await readFeedPage(pgDb, 'products', checkpoint, 1000, Date.now());
      prices(page.documents, seen);
      checkpoint = page.checkpoint.seq;
      if (page.documents.length === 0) break;
    }
    const truth = await pgDb.query<{ sku: string; price_cents: number }>('select sku, price_cents from products order by sku');
    expect(SKUS.map((sku) => seen.get(sku))).toEqual(truth.map((r) => r.price_cents));
  });
});
