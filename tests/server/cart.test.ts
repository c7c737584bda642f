import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLineDoc, CartSupplierDoc, CartTotalsResult, StockItem } from '../../src/contracts/cart';
import { M } from '../../src/contracts/messages';
import { computeCartTotals, DEFAULT_SHIPPING } from '../../src/domain/cart/totals';
import { seedIfEmpty } from '../../server/seed/seed';
import { addMember, createBuyer, createCustomer, type TestBuyer, type TestCustomer } from './helpers/factory';
import { cartClient, loginToken, type CartClient } from './helpers/cart-api';
import { createTestApp, json, type TestApp } from './helpers/test-app';

let t: TestApp;
let alice: TestCustomer;
let colleague: TestCustomer;
let outsider: TestCustomer;
let company: TestBuyer;
let otherCompany: TestBuyer;
let products: { sku: string; supplier_id: string; price: number }[];

const login = (customer: TestCustomer) => loginToken(t.app, customer);
const client = (token: string, buyerId: string) => cartClient(t.app, token, buyerId);
type Client = CartClient;

let clock = 1_700_000_000_000;
function line(index: number, qty: number, over: Partial<CartLineDoc> = {}): CartLineDoc {
  const p = products[index];
  if (!p) throw new Error(`no product ${index}`);
  clock += 1;
  return {
    id: randomUUID(),
    sku: p.sku,
    supplier_id: p.supplier_id,
    qty,
    price: p.price,
    tax_rate: 13,
    name: p.sku,
    type_id: 'simple',
    updated_at: clock,
    _deleted: false,
    ...over,
  };
}

async function push(c: Client, docs: CartLineDoc[], assumed: (CartLineDoc | undefined)[] = []) {
  const res = await c.post('v1/lines/push', {
    rows: docs.map((d, i) => ({ newDocumentState: d, ...(assumed[i] ? { assumedMasterState: assumed[i] } : {}) })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (json(res).result as { conflicts: CartLineDoc[] }).conflicts;
}

async function pull(c: Client, after = 0) {
  const res = await c.get(`v1/lines/pull?after=${after}`);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).result as { documents: CartLineDoc[]; checkpoint: { seq: number } };
}

async function emptyCart(c: Client) {
  const { lines } = json(await c.get('pull')).result as { lines: CartLineDoc[] };
  if (lines.length > 0)
    await push(
      c,
      lines.map((d) => ({ ...d, _deleted: true, updated_at: d.updated_at + 1 })),
      lines,
    );
  await c.post('delete-coupon', {});
}

beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty(t.db, { products: 80 });
  alice = await createCustomer(t.db);
  colleague = await createCustomer(t.db);
  outsider = await createCustomer(t.db);
  company = await createBuyer(t.db);
  otherCompany = await createBuyer(t.db);
  await addMember(t.db, company.id, alice.id, true);
  await addMember(t.db, otherCompany.id, alice.id, false);
  await addMember(t.db, company.id, colleague.id, false);
  const rows = await t.db.query<{ sku: string; supplier_id: number; price_cents: number }>(
    "select sku, supplier_id, price_cents from products where type_id = 'simple' and parent_sku is null order by supplier_id, sku",
  );
  products = rows.map((r) => ({ sku: r.sku, supplier_id: String(r.supplier_id), price: r.price_cents }));
  expect(new Set(products.map((p) => p.supplier_id)).size).toBeGreaterThan(1);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('one cart per customer and buyer', () => {
  it('the same person on two devices shares it; a colleague and another buyer have their own', async () => {
    const phone = client(await login(alice), company.id);
    const laptop = client(await login(alice), company.id);
    const firstSupplier = products[0]!.supplier_id;
    const otherIndex = products.findIndex((p) => p.supplier_id !== firstSupplier);
    const lines = [line(0, 2), line(otherIndex, 1)];
    expect(await push(phone, lines)).toEqual([]);

    const onLaptop = await pull(laptop);
    expect(onLaptop.documents).toEqual(lines);
    const whole = json(await laptop.get('pull')).result as { lines: CartLineDoc[] };
    expect(whole.lines.map((l) => l.sku).sort()).toEqual(lines.map((l) => l.sku).sort());

    expect((await pull(client(await login(colleague), company.id))).documents).toEqual([]);
    expect((await pull(client(await login(alice), otherCompany.id))).documents).toEqual([]);
    await emptyCart(phone);
  });

  it('refuses outsiders (403), requests without a token (401) and a buyer_id that disagrees with itself (400)', async () => {
    const intruder = client(await login(outsider), company.id);
    expect((await intruder.get('v1/lines/pull')).statusCode).toBe(403);
    expect((await intruder.post('v1/lines/push', { rows: [] })).statusCode).toBe(403);
    expect((await intruder.get('totals')).statusCode).toBe(403);
    expect((await intruder.stock([products[0]!.sku])).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/bridge/buyer/cart/pull?buyer_id=${company.id}` });
    expect(anonymous.statusCode).toBe(401);
    const token = await login(alice);
    const mixed = await t.app.inject({
      method: 'POST',
      url: `/api/bridge/buyer/cart/v1/lines/push?buyer_id=${otherCompany.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { buyer_id: company.id, rows: [] },
    });
    expect(mixed.statusCode).toBe(400);
  });

  it('an unconfirmed address may read its cart but not change it', async () => {
    const fresh = await createCustomer(t.db, { emailConfirmed: false });
    await addMember(t.db, company.id, fresh.id, false);
    const c = client(await login(fresh), company.id);
    expect((await c.get('v1/lines/pull')).statusCode).toBe(200);
    const res = await c.post('v1/lines/push', { rows: [{ newDocumentState: line(0, 1) }] });
    expect(res.statusCode).toBe(403);
    expect(json(res).errors).toEqual([{ description: M.emailNotConfirmed }]);
  });
});

describe('replication pushes', () => {
  it('a retried push applies once; a stale one comes back as a conflict with the bridge state', async () => {
    const c = client(await login(alice), company.id);
    const first = line(0, 1);
    await push(c, [first]);
    const { checkpoint } = await pull(c);
    expect(await push(c, [first])).toEqual([]);
    expect((await pull(c, checkpoint.seq)).documents).toEqual([]);

    const changed = { ...first, qty: 3, updated_at: first.updated_at + 1 };
    expect(await push(c, [changed], [first])).toEqual([]);
    const stale = { ...first, qty: 7, updated_at: first.updated_at + 2 };
    expect(await push(c, [stale], [first])).toEqual([changed]);
    expect(await push(c, [{ ...first, qty: 9 }])).toEqual([changed]);
    await emptyCart(c);
  });

  it('cart/update merges a quantity the bridge changed meanwhile with the shared rules', async () => {
    const c = client(await login(alice), company.id);
    const l = line(1, 2);
    await push(c, [l]);
    // Another device set 4; this one, offline, went from 2 to 5: both changes count (4 + 3).
    await push(c, [{ ...l, qty: 4, updated_at: l.updated_at + 1 }], [l]);
    const res = await c.post('update', { cartItem: { ...l, qty: 5, updated_at: l.updated_at + 2 }, base_qty: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect((json(res).result as CartLineDoc).qty).toBe(7);
    const removed = await c.post('delete', { cartItem: { id: l.id, updated_at: l.updated_at + 3 } });
    expect(removed.statusCode).toBe(200);
    expect((await pull(c)).documents.find((d) => d.id === l.id)?._deleted).toBe(true);
    expect((await c.post('delete', { cartItem: { id: randomUUID(), updated_at: 1 } })).statusCode).toBe(404);
  });

  it('refuses a line whose sku is unknown or sold by another supplier, and bad documents', async () => {
    const c = client(await login(alice), company.id);
    const good = line(0, 1);
    const wrongSupplier = { ...good, supplier_id: String(Number(good.supplier_id) + 1000) };
    for (const doc of [{ ...good, sku: 'NO-SUCH-SKU' }, wrongSupplier]) {
      const res = await c.post('v1/lines/push', { rows: [{ newDocumentState: doc }] });
      expect(res.statusCode).toBe(400);
    }
    for (const bad of [
      { ...good, qty: 0 },
      { ...good, qty: 1.5 },
      { ...good, name: 'a\u0000b' },
      { ...good, price: -1 },
      { ...good, extra: 1 },
    ]) {
      expect((await c.post('v1/lines/push', { rows: [{ newDocumentState: bad }] })).statusCode).toBe(400);
    }
    const many = Array.from({ length: 101 }, () => ({ newDocumentState: line(0, 1) }));
    expect((await c.post('v1/lines/push', { rows: many })).statusCode).toBe(400);
    expect((await pull(c)).documents.filter((d) => !d._deleted)).toEqual([]);
  });
});

describe('as an attacker with a valid account', () => {
  it('cannot read or change another customer’s lines by reusing their ids, nor store tombstones or made-up suppliers', async () => {
    const owner = client(await login(alice), company.id);
    const theirs = line(0, 2);
    await push(owner, [theirs]);

    // The colleague (same buyer) replays the owner's line id, as a change and as a removal.
    const other = client(await login(colleague), company.id);
    expect(await push(other, [{ ...theirs, qty: 99, updated_at: theirs.updated_at + 1 }], [theirs])).toEqual([]);
    expect(await push(other, [{ ...theirs, _deleted: true, updated_at: theirs.updated_at + 2 }])).toEqual([
      { ...theirs, qty: 99, updated_at: theirs.updated_at + 1 },
    ]);
    expect((await pull(owner)).documents.find((d) => d.id === theirs.id)).toEqual(theirs);
    expect((await other.post('delete', { cartItem: { id: randomUUID(), updated_at: 1 } })).statusCode).toBe(404);

    // Removals of lines the bridge never had store nothing.
    const { checkpoint } = await pull(other);
    await push(
      other,
      Array.from({ length: 50 }, () => ({ ...line(1, 1), _deleted: true })),
    );
    expect((await pull(other, checkpoint.seq)).documents).toEqual([]);

    // A per-supplier choice must name a supplier of the catalogue.
    for (const supplier_id of ['999999', 'x', '1e3', '0001']) {
      const res = await other.post('v1/suppliers/push', {
        rows: [{ newDocumentState: { supplier_id, comment: '', excluded: false, updated_at: 1, _deleted: false } }],
      });
      expect(res.statusCode, supplier_id).toBe(400);
    }
    const nested = { a: { b: { c: { d: { e: { f: 1 } } } } } };
    expect((await other.post('v1/lines/push', { rows: [{ newDocumentState: { ...line(0, 1), options: nested } }] })).statusCode).toBe(400);
    await emptyCart(owner);
    await emptyCart(other);
  });
});

describe('totals, payment methods and coupons', () => {
  it('the bridge totals equal the storefront computation to the cent over random carts (fast-check)', async () => {
    const c = client(await login(alice), company.id);
    const lineArb = fc.record({
      index: fc.integer({ min: 0, max: products.length - 1 }),
      qty: fc.integer({ min: 1, max: 300 }),
      tax: fc.constantFrom(0, 6, 13, 24),
      price: fc.integer({ min: 0, max: 900_000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(lineArb, { maxLength: 12, selector: (l) => l.index }), fc.boolean(), async (picked, excludeFirst) => {
        await emptyCart(c);
        const docs = picked.map((p) => line(p.index, p.qty, { price: p.price, tax_rate: p.tax }));
        if (docs.length > 0) await push(c, docs);
        const excluded = excludeFirst && docs[0] ? docs[0].supplier_id : undefined;
        if (excluded) {
          const supplier: CartSupplierDoc = { supplier_id: excluded, comment: '', excluded: true, updated_at: clock, _deleted: false };
          const current = (json(await c.get('v1/suppliers/pull')).result as { documents: CartSupplierDoc[] }).documents.find(
            (d) => d.supplier_id === excluded,
          );
          await c.post('v1/suppliers/push', {
            rows: [{ newDocumentState: supplier, ...(current ? { assumedMasterState: current } : {}) }],
          });
        }
        const server = json(await c.get('totals')).result as CartTotalsResult;
        const local = computeCartTotals({
          lines: docs.map((d) => ({ supplierId: d.supplier_id, qty: d.qty, price: d.price, taxRate: d.tax_rate })),
          excludedSuppliers: new Set(excluded ? [excluded] : []),
          shippingPerSupplier: DEFAULT_SHIPPING,
        });
        expect(server).toMatchObject({
          subtotal: local.subtotal,
          subtotal_incl_tax: local.subtotal_incl_tax,
          shipping: local.shipping,
          payment: local.payment,
          grand_total: local.grand_total,
        });
        if (excluded) {
          const current = (json(await c.get('v1/suppliers/pull')).result as { documents: CartSupplierDoc[] }).documents.find(
            (d) => d.supplier_id === excluded,
          )!;
          await c.post('v1/suppliers/push', {
            rows: [
              { newDocumentState: { ...current, excluded: false, _deleted: true, updated_at: clock + 1 }, assumedMasterState: current },
            ],
          });
        }
      }),
      { numRuns: 200 },
    );
    await emptyCart(c);
  }, 300_000);

  it('says what each supplier lacks to reach its minimum order', async () => {
    const c = client(await login(alice), company.id);
    await push(c, [line(0, 1, { price: 100, tax_rate: 0 })]);
    const totals = json(await c.get('totals')).result as CartTotalsResult;
    const [minimum] = await t.db.query<{ m: number }>('select minimum_order_cents as m from suppliers where id = $1', [
      Number(products[0]!.supplier_id),
    ]);
    expect(totals.suppliers).toEqual([
      {
        supplier_id: products[0]!.supplier_id,
        subtotal: 100,
        subtotal_incl_tax: 100,
        minimum_order: minimum!.m,
        missing_for_minimum: Math.max(0, minimum!.m - 100),
      },
    ]);
    await emptyCart(c);
  });

  it('offers credit only where the supplier approved it for this buyer, and refuses it otherwise', async () => {
    const c = client(await login(alice), company.id);
    const a = line(0, 1);
    const bIndex = products.findIndex((p) => p.supplier_id !== a.supplier_id);
    const b = line(bIndex, 1);
    await push(c, [a, b]);
    await t.db.query("insert into credit_terms (buyer_id, supplier_id, status) values ($1, $2, 'approved'), ($1, $3, 'pending')", [
      company.id,
      a.supplier_id,
      b.supplier_id,
    ]);
    // Besides credit, a supplier offers the methods it lists (all when it lists none).
    const listed = async (id: string): Promise<number[]> => {
      const [row] = await t.db.query<{ methods: number[] | null }>(
        "select data->'payment_methods' as methods from suppliers where id = $1",
        [Number(id)],
      );
      return (row?.methods ?? [1, 2, 4]).filter((m) => m !== 3);
    };
    const methods = json(await c.get('payment-methods')).result as { supplier_id: string; methods: number[] }[];
    expect(methods).toEqual(
      expect.arrayContaining([
        { supplier_id: a.supplier_id, methods: [...(await listed(a.supplier_id)), 3].sort() },
        { supplier_id: b.supplier_id, methods: await listed(b.supplier_id) },
      ]),
    );
    expect(methods.find((m) => m.supplier_id === b.supplier_id)?.methods).not.toContain(3);
    const onCredit = (supplier_id: string): CartSupplierDoc => ({
      supplier_id,
      payment_method: 3,
      comment: 'Παράδοση πρωί',
      excluded: false,
      updated_at: clock,
      _deleted: false,
    });
    expect((await c.post('v1/suppliers/push', { rows: [{ newDocumentState: onCredit(a.supplier_id) }] })).statusCode).toBe(200);
    const refused = await c.post('v1/suppliers/push', { rows: [{ newDocumentState: onCredit(b.supplier_id) }] });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).errors).toEqual([{ description: M.creditNotAvailable }]);
    const long = await c.post('v1/suppliers/push', {
      rows: [{ newDocumentState: { ...onCredit(a.supplier_id), payment_method: 1, comment: 'x'.repeat(101) } }],
    });
    expect(json(long).errors).toEqual([{ description: M.cartCommentTooLong }]);
    await emptyCart(c);
  });

  it('applies a seeded coupon, syncs totals on apply and remove, and explains unknown, expired and unmet ones', async () => {
    const c = client(await login(alice), company.id);
    const coupons = await t.db.query<{ code: string; supplier_id: string | null }>('select code, supplier_id from coupons order by code');
    expect(coupons.map((r) => r.code)).toEqual(['EXPIRED20', 'SAVE5', 'SUPPLIER10']);
    const supplierOfCoupon = coupons.find((r) => r.code === 'SUPPLIER10')!.supplier_id!;
    const [product] = await t.db.query<{ sku: string }>('select sku from products where supplier_id = $1 limit 1', [
      Number(supplierOfCoupon),
    ]);
    await push(c, [line(0, 2, { sku: product!.sku, supplier_id: supplierOfCoupon, price: 1000, tax_rate: 0 })]);

    const applied = await c.post('apply-coupon', { coupon: ' supplier10 ' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(json(applied).result).toMatchObject({ discount: 200, coupon: 'SUPPLIER10', grand_total: 2000 + 500 - 200 });
    expect(json(await c.get('totals')).result).toMatchObject({ discount: 200, coupon: 'SUPPLIER10' });
    expect(json(await c.get('pull')).result).toMatchObject({ coupon: 'SUPPLIER10' });

    const removed = await c.post('delete-coupon', {});
    expect(json(removed).result).toMatchObject({ discount: 0, coupon: null });

    for (const [code, message] of [
      ['NOPE', M.couponUnknown],
      ['EXPIRED20', M.couponExpired],
      ['SAVE5', M.couponNotApplicable],
    ] as const) {
      const res = await c.post('apply-coupon', { coupon: code });
      expect(res.statusCode).toBe(400);
      expect(json(res).errors).toEqual([{ description: message }]);
    }
    expect((await c.post('apply-coupon', { coupon: '' })).statusCode).toBe(400);
    await emptyCart(c);
  });
});

describe('stock', () => {
  it('answers up to 15 skus from the catalogue and refuses 16', async () => {
    const c = client(await login(alice), company.id);
    const skus = products.slice(0, 15).map((p) => p.sku);
    const res = await c.stock(skus);
    expect(res.statusCode, res.body).toBe(200);
    const items = json(res).result as StockItem[];
    expect(items.map((i) => i.sku)).toEqual(skus);
    const rows = await t.db.query<{ sku: string; stock: { qty: number; is_in_stock: boolean; manage_stock: boolean } }>(
      "select sku, data->'stock' as stock from products where sku = any($1)",
      [skus],
    );
    for (const row of rows) {
      const item = items.find((i) => i.sku === row.sku)!;
      const expected = !row.stock.manage_stock ? 'ok' : row.stock.is_in_stock && row.stock.qty > 0 ? 'ok' : 'out_of_stock';
      expect(item.status).toBe(expected);
      expect(item.qty).toBe(row.stock.qty);
    }
    const sixteen = [...skus, products[15]!.sku];
    expect((await c.stock(sixteen)).statusCode).toBe(400);
    expect(json(await c.stock(['UNKNOWN-1'])).result).toEqual([
      { sku: 'UNKNOWN-1', qty: 0, is_in_stock: false, manage_stock: true, status: 'volatile' },
    ]);
  });
});
