import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxRuleSchema } from '../../src/contracts/tax-rule';
import { isValidAfm } from '../../src/domain/afm';
import { checkPhone } from '../../src/domain/phone';
import { isValidPostcode } from '../../src/domain/postcode';
import { openPglite, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { mediaRoutes } from '../../server/routes/media';
import { verifyPassword } from '../../server/services/password-hash';
import { generateCatalog } from '../../server/seed/generate';
import { ean13CheckDigit } from '../../server/seed/prng';
import { seedIfEmpty } from '../../server/seed/seed';

const SEEDED_TABLES = [
  'suppliers',
  'categories',
  'products',
  'attributes',
  'tax_rules',
  'cms_pages',
  'cms_blocks',
  'store_config',
  'customers',
  'buyers',
  'company_registry',
  'coupons',
];

const sha = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

async function seededDb(products: number): Promise<Db> {
  const db = await openPglite(undefined);
  await migrate(db);
  await seedIfEmpty(db, { products });
  return db;
}

describe('the generator', () => {
  it('gives the same catalogue on every run for the same day', () => {
    const today = new Date('2026-03-15T10:00:00Z');
    const a = generateCatalog({ products: 1500, today });
    const b = generateCatalog({ products: 1500, today: new Date('2026-03-15T23:00:00Z') });
    expect(sha(a)).toBe(sha(b));
    expect(a.products).toHaveLength(1500);
  });

  it('scales with the requested count and keeps the first products stable', () => {
    const today = new Date('2026-03-15T00:00:00Z');
    const small = generateCatalog({ products: 200, today }).products;
    const large = generateCatalog({ products: 800, today }).products;
    expect(large).toHaveLength(800);
    expect(large.slice(0, 150).map((p) => [p.sku, p.name, p.price_cents])).toEqual(
      small.slice(0, 150).map((p) => [p.sku, p.name, p.price_cents]),
    );
  });

  it('writes the same rows when the database is emptied and seeded again', async () => {
    const db = await seededDb(300);
    try {
      const dump = () => db.query('select sku, name, name_en, price_cents, data from products order by sku');
      const first = await dump();
      expect(first).toHaveLength(300);
      await db.exec(`truncate ${SEEDED_TABLES.join(', ')} cascade`);
      expect(await seedIfEmpty(db, { products: 300 })).toMatchObject({ seeded: true });
      expect(sha(await dump())).toBe(sha(first));
    } finally {
      await db.close();
    }
  });
});

describe('the seeded demo marketplace', () => {
  let db: Db;
  beforeAll(async () => {
    db = await seededDb(3000);
  });
  afterAll(async () => {
    await db?.close();
  });

  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => (await db.query<T>(sql, params))[0] as T;

  it('seeds only once', async () => {
    const before = await one<{ n: number }>('select count(*)::int as n from products');
    expect(await seedIfEmpty(db, { products: 3000 })).toEqual({ seeded: false });
    expect(await one<{ n: number }>('select count(*)::int as n from products')).toEqual(before);
  });

  it('has at least 25 suppliers, mostly active, some inactive and locked', async () => {
    const rows = await db.query<{ status: string; n: number }>('select status, count(*)::int as n from suppliers group by status');
    const by = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    expect(Object.values(by).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(25);
    expect(by.inactive).toBeGreaterThan(0);
    expect(by.locked).toBeGreaterThan(0);
    expect(by.active).toBeGreaterThan((by.inactive ?? 0) + (by.locked ?? 0));
    const s = await one<{ data: Record<string, unknown> }>('select data from suppliers where id = 1');
    expect(s.data).toMatchObject({
      logo: '/media/supplier/1.svg',
      delivery_time: expect.stringMatching(/day/),
      credit_terms: { offered: expect.any(Boolean) },
    });
    expect(s.data.payment_methods).toEqual(expect.arrayContaining([4]));
  });

  it('has a category tree of at least 40 categories on 3 levels below root 2, with Greek slugs in Latin', async () => {
    const below = await db.query<{ level: number; n: number }>(
      'select level, count(*)::int as n from categories where id <> 2 group by level order by level',
    );
    expect(below.map((r) => r.level)).toEqual([2, 3, 4]);
    expect(below.reduce((a, r) => a + r.n, 0)).toBeGreaterThanOrEqual(40);
    const orphans = await one<{ n: number }>(
      'select count(*)::int as n from categories c where c.id <> 2 and not exists (select 1 from categories p where p.id = c.parent_id)',
    );
    expect(orphans.n).toBe(0);
    const tops = await db.query<{ name: string; slug: string; path: string }>(
      'select name, slug, path from categories where parent_id = 2 order by position',
    );
    expect(tops[0]).toEqual({ name: 'Τρόφιμα', slug: 'trofima', path: expect.stringMatching(/^1\/2\/\d+$/) });
    const inactive = await db.query<{ product_count: number }>('select product_count from categories where not is_active');
    expect(inactive.length).toBeGreaterThan(0);
    expect(inactive.every((c) => c.product_count === 0)).toBe(true);
    const leaf = await one<{ id: number; product_count: number }>(
      'select id, product_count from categories where level = 4 order by product_count desc limit 1',
    );
    const listed = await one<{ n: number }>(
      'select count(*)::int as n from products where $1 = any(category_ids) and parent_sku is null and status = 1 and visibility in (2, 4)',
      [leaf.id],
    );
    expect(leaf.product_count).toBe(listed.n);
  });

  it('has at least 3000 products of all four types, all three VAT classes and every unit', async () => {
    expect((await one<{ n: number }>('select count(*)::int as n from products')).n).toBeGreaterThanOrEqual(3000);
    const types = await db.query<{ type_id: string }>('select distinct type_id from products order by 1');
    expect(types.map((t) => t.type_id)).toEqual(['bundle', 'configurable', 'grouped', 'simple']);
    const taxes = await db.query<{ t: number }>("select distinct (data->>'tax_class_id')::int as t from products order by 1");
    expect(taxes.map((t) => t.t)).toEqual([1, 2, 3]);
    const units = await db.query<{ u: string }>("select distinct data->>'measurement_unit' as u from products order by 1");
    expect(units.map((u) => u.u)).toEqual(['carton', 'pack', 'palette', 'piece']);
    const names = await one<{ name: string; name_en: string }>(
      "select name, name_en from products where type_id = 'simple' order by id limit 1",
    );
    expect(names.name).toMatch(/[Α-Ωα-ω]/);
    expect(names.name_en).toMatch(/^[\x20-\x7e–]+$/);
  });

  it('has configurable products whose hidden children include out-of-stock and disabled ones', async () => {
    const parent = await one<{ sku: string; data: { configurable_children: { sku: string }[]; configurable_options: unknown[] } }>(
      "select sku, data from products where type_id = 'configurable' order by id limit 1",
    );
    const children = await db.query<{ sku: string; visibility: number }>(
      'select sku, visibility from products where parent_sku = $1 order by sku',
      [parent.sku],
    );
    expect(children.length).toBeGreaterThanOrEqual(2);
    expect(children.every((c) => c.visibility === 1)).toBe(true);
    expect(parent.data.configurable_children.map((c) => c.sku).sort()).toEqual(children.map((c) => c.sku));
    expect(parent.data.configurable_options.length).toBeGreaterThan(0);
    const odd = await one<{ disabled: number; out: number }>(
      "select count(*) filter (where status = 2)::int as disabled, count(*) filter (where data->>'is_in_stock' = 'false')::int as out from products where parent_sku is not null",
    );
    expect(odd.disabled).toBeGreaterThan(0);
    expect(odd.out).toBeGreaterThan(0);
  });

  it('links bundles and grouped products to existing simple products', async () => {
    const bundle = await one<{ data: { bundle_options: { qty: number; product_links: { sku: string; is_default: boolean }[] }[] } }>(
      "select data from products where type_id = 'bundle' limit 1",
    );
    const option = bundle.data.bundle_options[0];
    expect(option?.qty).toBe(1);
    expect(option?.product_links[0]?.is_default).toBe(true);
    const dangling = await one<{ n: number }>(
      `select count(*)::int as n from products g, jsonb_array_elements(g.data->'product_links') l
       where g.type_id = 'grouped' and (l->>'link_type' <> 'associated' or not exists (select 1 from products s where s.sku = l->>'linked_product_sku' and s.type_id = 'simple'))`,
    );
    expect(dangling.n).toBe(0);
    const unsellable = await one<{ n: number }>(
      "select count(*)::int as n from products where type_id in ('bundle', 'grouped') and data->>'is_in_stock' <> 'true'",
    );
    expect(unsellable.n).toBe(0);
  });

  it('has special prices in past, current and future windows, and stock from none to plenty', async () => {
    const now = new Date().toISOString();
    const w = await one<{ past: number; current: number; future: number }>(
      `select count(*) filter (where data->>'special_to_date' < $1)::int as past,
              count(*) filter (where data->>'special_from_date' <= $1 and coalesce(data->>'special_to_date', '9999') >= $1)::int as current,
              count(*) filter (where data->>'special_from_date' > $1)::int as future
       from products where data->>'special_price' is not null`,
      [now],
    );
    expect(w.past).toBeGreaterThan(0);
    expect(w.current).toBeGreaterThan(0);
    expect(w.future).toBeGreaterThan(0);
    const sale = await one<{ price: number; special_price: number; final_price: number }>(
      "select (data->>'price')::float8 as price, (data->>'special_price')::float8 as special_price, (data->>'final_price')::float8 as final_price from products where (data->>'sale')::boolean limit 1",
    );
    expect(sale.final_price).toBe(sale.special_price);
    expect(sale.special_price).toBeLessThan(sale.price);
    const stock = await one<{ none: number; plenty: number }>(
      "select count(*) filter (where (data->>'qty')::int = 0 and data->>'is_in_stock' = 'false')::int as none, count(*) filter (where (data->>'qty')::int >= 1000)::int as plenty from products",
    );
    expect(stock.none).toBeGreaterThan(0);
    expect(stock.plenty).toBeGreaterThan(0);
  });

  it('gives simple products unique EAN-13 barcodes with a valid check digit', async () => {
    const rows = await db.query<{ barcode: string }>("select barcode from products where type_id = 'simple'");
    expect(rows.every((r) => /^\d{13}$/.test(r.barcode) && ean13CheckDigit(r.barcode.slice(0, 12)) === Number(r.barcode[12]))).toBe(true);
    expect(new Set(rows.map((r) => r.barcode)).size).toBe(rows.length);
  });

  it('has GR tax rules for 24%, 13% and 6% and the store config the storefront reads', async () => {
    const rules = await db.query<{ data: { product_tax_class_ids: number[]; rates: { rate: number; tax_country_id: string }[] } }>(
      'select data from tax_rules order by id',
    );
    for (const rule of rules) expect(taxRuleSchema.safeParse(rule.data).success).toBe(true);
    expect(rules.map((r) => [r.data.product_tax_class_ids[0], r.data.rates[0]?.rate, r.data.rates[0]?.tax_country_id])).toEqual([
      [1, 24, 'GR'],
      [2, 13, 'GR'],
      [3, 6, 'GR'],
    ]);
    const config = await db.query<{ key: string; value: unknown }>('select key, value from store_config');
    const map = Object.fromEntries(config.map((c) => [c.key, c.value]));
    expect(map).toMatchObject({ 'categories.rootCategoryId': 2, 'tax.defaultCountry': 'GR', 'i18n.currencyCode': 'EUR' });
    const pages = await db.query<{ identifier: string }>('select identifier from cms_pages order by identifier');
    expect(pages.map((p) => p.identifier)).toEqual(['contact', 'delete-account', 'faqs', 'privacy', 'terms']);
  });

  it('has buyers with valid AFMs, 1–3 valid Greek addresses each, and a registry with prospects and persons', async () => {
    const buyers = await db.query<{ id: string; afm: string }>('select id, afm from buyers');
    expect(buyers.length).toBeGreaterThanOrEqual(5);
    expect(buyers.every((b) => isValidAfm(b.afm))).toBe(true);
    const addresses = await db.query<{ buyer_id: string; postcode: string; phone: string }>(
      'select buyer_id, postcode, phone from addresses',
    );
    for (const b of buyers) {
      const n = addresses.filter((a) => a.buyer_id === b.id).length;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(3);
    }
    expect(addresses.every((a) => isValidPostcode(a.postcode) && checkPhone(a.phone).ok)).toBe(true);
    const registry = await db.query<{ afm: string; is_company: boolean; is_buyer: boolean }>(
      'select r.afm, r.is_company, exists (select 1 from buyers b where b.afm = r.afm) as is_buyer from company_registry r',
    );
    expect(registry.every((r) => isValidAfm(r.afm))).toBe(true);
    expect(registry.filter((r) => r.is_buyer)).toHaveLength(buyers.length);
    expect(registry.filter((r) => r.is_company && !r.is_buyer).length).toBeGreaterThanOrEqual(6);
    expect(registry.filter((r) => !r.is_company)).toHaveLength(2);
  });

  it('has the README demo accounts with the right roles and password', async () => {
    const memberships = await db.query<{
      email: string;
      is_admin: boolean;
      buyer_id: string;
      is_super_user: boolean;
      password_hash: string;
    }>(
      'select c.email, c.is_admin, c.password_hash, bu.buyer_id, bu.is_super_user from customers c join buyer_users bu on bu.customer_id = c.id order by bu.buyer_id',
    );
    const of = (email: string) => memberships.filter((m) => m.email === email);
    expect(of('super@demo.gr').map((m) => m.is_super_user)).toEqual([true, true]);
    const plain = of('user@demo.gr');
    expect(plain).toHaveLength(1);
    expect(plain[0]?.is_super_user).toBe(false);
    expect(of('super@demo.gr').map((m) => m.buyer_id)).toContain(plain[0]?.buyer_id);
    const admin = await one<{ is_admin: boolean; password_hash: string }>(
      "select is_admin, password_hash from customers where email = 'admin@demo.gr'",
    );
    expect(admin.is_admin).toBe(true);
    expect(await verifyPassword('Demo1234!', plain[0]?.password_hash ?? null)).toBe(true);
    expect(await verifyPassword('Demo1234?', admin.password_hash)).toBe(false);
    const withoutSuper = await one<{ n: number }>(
      'select count(*)::int as n from buyers b where not exists (select 1 from buyer_users u where u.buyer_id = b.id and u.is_super_user)',
    );
    expect(withoutSuper.n).toBe(0);
  });

  it('has every demo account confirmed (their addresses are not waiting for a link)', async () => {
    const unconfirmed = await one<{ n: number; total: number }>(
      'select count(*) filter (where email_confirmed_at is null)::int as n, count(*)::int as total from customers',
    );
    expect(unconfirmed.total).toBeGreaterThan(3);
    expect(unconfirmed.n).toBe(0);
  });
});

describe('product and supplier pictures', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(mediaRoutes);
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    ['gallery', 600, 744],
    ['thumbnail', 310, 300],
    ['cart', 150, 150],
  ])('draws a %s image of %ix%i that browsers may cache', async (size, width, height) => {
    const sku = generateCatalog({ products: 5, today: new Date() }).products[0]?.sku ?? '';
    const res = await app.inject({ url: `/media/product/${sku}/${size}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400, immutable');
    expect(res.body).toMatch(new RegExp(`^<svg [^>]*width="${width}" height="${height}"`));
    expect((await app.inject({ url: `/media/product/${sku}/${size}.svg` })).body).toBe(res.body);
  });

  it('names the product in its picture', async () => {
    const product = generateCatalog({ products: 5, today: new Date() }).products[0];
    const res = await app.inject({ url: `/media/product/${product?.sku}/gallery.svg` });
    expect(res.body).toContain(`<title>${product?.name}</title>`);
  });

  it('answers 404 for an unknown size', async () => {
    expect((await app.inject({ url: '/media/product/PAP-000001/huge.svg' })).statusCode).toBe(404);
  });

  it('draws a supplier logo', async () => {
    const res = await app.inject({ url: '/media/supplier/1.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Αφοί Παπαδόπουλοι');
  });
});
