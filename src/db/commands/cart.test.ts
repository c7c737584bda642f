import { filter, firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppDatabase, type AppDatabase } from '../database';
import { watchCart } from '../queries/cart';
import type { CartView } from '../queries/cart-view';
import { makeProduct } from '../testing/documents';
import { fakeAppStorage } from '../testing/fake-storage';
import {
  acceptPriceChanges,
  addToCart,
  clearCart,
  recordStock,
  removeLine,
  setLineQuantity,
  setSupplierComment,
  setSupplierExcluded,
  setSupplierPayment,
  type CartProductInput,
} from './cart';

const NOW = Date.UTC(2026, 10, 25, 9);
const ALICE_A = { customerId: 'alice', buyerId: 'buyer-a' };
const ALICE_B = { customerId: 'alice', buyerId: 'buyer-b' };
const BOB_A = { customerId: 'bob', buyerId: 'buyer-a' };
const OK = { status: 'ok' as const, qty: 50 };

const oil: CartProductInput = { sku: 'OIL-5L', supplierId: 'sup-1', name: 'Ελαιόλαδο 5L', typeId: 'simple', price: 3450, taxRate: 13 };
const flour: CartProductInput = { sku: 'FLOUR', supplierId: 'sup-2', name: 'Αλεύρι', typeId: 'simple', price: 120, taxRate: 13 };

let db: AppDatabase;

beforeEach(async () => {
  db = await createAppDatabase({ storage: fakeAppStorage(), devMode: true, multiInstance: false });
  await db.catalog_meta.insert({
    key: 'tax_rule:2',
    type: 'tax_rule',
    id: '2',
    updated_at: 1,
    data: { id: 2, product_tax_class_ids: [2], rates: [{ rate: 13, tax_country_id: 'GR' }] },
  });
  await db.products.bulkInsert([
    makeProduct({ sku: 'OIL-5L', price: 3450 }),
    makeProduct({ sku: 'FLOUR', id: '1002', supplier_id: 'sup-2', price: 120 }),
  ]);
  await db.suppliers.bulkInsert([
    {
      id: 'sup-1',
      name: 'Κρητικά Προϊόντα',
      name_az: 'κρητικα',
      slug: 's1',
      status: 'active',
      minimum_order: 10000,
      activation_date: 1,
      updated_at: 1,
      payment_methods: [1, 2, 3],
    },
    { id: 'sup-2', name: 'Μύλοι', name_az: 'μυλοι', slug: 's2', status: 'active', minimum_order: 0, activation_date: 1, updated_at: 1 },
  ] as never);
});

afterEach(async () => {
  await db.close();
});

const view = (scope = ALICE_A, until: (v: CartView) => boolean = () => true) =>
  firstValueFrom(watchCart(db, scope, () => NOW).pipe(filter(until)));

describe('cart commands and the cart view', () => {
  it('adds, grows a line, groups by supplier and totals with VAT', async () => {
    expect(await addToCart(db, ALICE_A, oil, 2, OK, NOW)).toEqual({ ok: true, notice: 'added' });
    expect(await addToCart(db, ALICE_A, oil, 1, OK, NOW + 1)).toEqual({ ok: true, notice: 'updated' });
    await addToCart(db, ALICE_A, flour, 10, OK, NOW + 2);
    const cart = await view();
    expect(cart.count).toBe(13);
    expect(cart.lineCount).toBe(2);
    const [crete, mills] = cart.suppliers;
    expect(crete).toMatchObject({
      supplierId: 'sup-1',
      supplierName: 'Κρητικά Προϊόντα',
      subtotal: 10350,
      minimumOrder: 10000,
      missingForMinimum: 0,
      paymentMethods: [1, 2],
    });
    expect(crete?.lines[0]).toMatchObject({
      qty: 3,
      unitPrice: 3450,
      unitPriceInclTax: 3899,
      rowTotal: 10350,
      rowTotalInclTax: 11696,
      stock: 'volatile',
    });
    expect(mills).toMatchObject({ supplierId: 'sup-2', subtotal: 1200, subtotalInclTax: 1356, paymentMethods: [1, 2, 4] });
    expect(cart.totals).toEqual({
      subtotal: 11550,
      subtotal_incl_tax: 13052,
      shipping: 1000,
      payment: 0,
      discount: 0,
      grand_total: 14052,
      source: 'device',
    });
    expect(cart.coupon).toBeNull();
    expect(cart.priceChanges).toEqual([]);
  });

  it('refuses what the rules refuse: out of stock, more than the stock, a price below zero, bad quantities', async () => {
    expect(await addToCart(db, ALICE_A, oil, 1, { status: 'out_of_stock', qty: 0 }, NOW)).toEqual({ ok: false, error: 'out_of_stock' });
    expect(await addToCart(db, ALICE_A, oil, 6, { status: 'ok', qty: 5 }, NOW)).toEqual({
      ok: false,
      error: 'max_quantity',
      maxQuantity: 5,
    });
    expect(await addToCart(db, ALICE_A, { ...oil, price: -1 }, 1, OK, NOW)).toEqual({ ok: false, error: 'price_unknown' });
    expect(await addToCart(db, ALICE_A, oil, 0, OK, NOW)).toEqual({ ok: false, error: 'invalid_quantity' });
    expect(await addToCart(db, ALICE_A, { ...oil, price: 0 }, 1, OK, NOW)).toEqual({ ok: true, notice: 'added' });
    expect(await addToCart(db, ALICE_A, flour, 1, { status: 'volatile' }, NOW)).toEqual({ ok: true, notice: 'volatile' });
    const line = (await view()).suppliers[0]!.lines[0]!;
    expect(await setLineQuantity(db, ALICE_A, line.id, 8, { status: 'ok', qty: 5 }, NOW)).toEqual({
      ok: false,
      error: 'max_quantity',
      maxQuantity: 5,
    });
    expect(await setLineQuantity(db, ALICE_A, line.id, 4, { status: 'ok', qty: 5 }, NOW)).toEqual({ ok: true, notice: 'updated' });
    expect(await setLineQuantity(db, BOB_A, line.id, 1, OK, NOW)).toEqual({ ok: false, error: 'not_found' });
  });

  it('keeps each customer’s cart per buyer apart', async () => {
    await addToCart(db, ALICE_A, oil, 1, OK, NOW);
    await addToCart(db, ALICE_B, flour, 2, OK, NOW);
    await addToCart(db, BOB_A, flour, 5, OK, NOW);
    expect((await view(ALICE_A)).suppliers.flatMap((s) => s.lines.map((l) => [l.sku, l.qty]))).toEqual([['OIL-5L', 1]]);
    expect((await view(ALICE_B)).suppliers.flatMap((s) => s.lines.map((l) => [l.sku, l.qty]))).toEqual([['FLOUR', 2]]);
    expect((await view(BOB_A)).suppliers.flatMap((s) => s.lines.map((l) => [l.sku, l.qty]))).toEqual([['FLOUR', 5]]);
  });

  it('keeps per-supplier choices, drops them with the supplier’s last line, and bounds the comment', async () => {
    await addToCart(db, ALICE_A, oil, 1, OK, NOW);
    await addToCart(db, ALICE_A, flour, 1, OK, NOW);
    await setSupplierPayment(db, ALICE_A, 'sup-1', 2, NOW);
    expect(await setSupplierComment(db, ALICE_A, 'sup-1', 'Πρωινή παράδοση', NOW)).toEqual({ ok: true, notice: 'saved' });
    expect(await setSupplierComment(db, ALICE_A, 'sup-1', 'x'.repeat(101), NOW)).toEqual({ ok: false, error: 'comment_too_long' });
    await setSupplierExcluded(db, ALICE_A, 'sup-2', true, NOW);
    let cart = await view();
    expect(cart.suppliers.map((s) => [s.supplierId, s.paymentMethod, s.comment, s.excluded])).toEqual([
      ['sup-1', 2, 'Πρωινή παράδοση', false],
      ['sup-2', undefined, '', true],
    ]);
    // An excluded supplier is out of the totals but stays in the cart.
    expect(cart.totals.subtotal).toBe(3450);

    const oilLine = cart.suppliers[0]!.lines[0]!;
    expect(await removeLine(db, ALICE_A, oilLine.id)).toEqual({ ok: true, notice: 'removed' });
    expect(await db.cart_suppliers.findOne('alice|buyer-a|sup-1').exec()).toBeNull();

    // Clearing keeps the excluded supplier's lines unless forced.
    await addToCart(db, ALICE_A, oil, 1, OK, NOW);
    expect(await clearCart(db, ALICE_A, { force: false })).toBe(1);
    cart = await view();
    expect(cart.suppliers.map((s) => s.supplierId)).toEqual(['sup-2']);
    expect(await clearCart(db, ALICE_A, { force: true })).toBe(1);
    expect((await view()).count).toBe(0);
    expect(await db.cart_suppliers.count().exec()).toBe(0);
  });

  it('lists a price the catalogue changed until the buyer accepts it', async () => {
    await addToCart(db, ALICE_A, oil, 2, OK, NOW);
    await db.products.upsert(makeProduct({ sku: 'OIL-5L', price: 3600 }));
    const changed = await view(ALICE_A, (v) => v.priceChanges.length > 0);
    expect(changed.priceChanges).toEqual([
      expect.objectContaining({
        name: 'Ελαιόλαδο 5L',
        oldPrice: 3450,
        oldPriceInclTax: 3899,
        newPrice: 3600,
        newPriceInclTax: 4068,
        newTaxRate: 13,
      }),
    ]);
    // The totals stay at the price the buyer saw until then.
    expect(changed.totals.subtotal).toBe(6900);
    await acceptPriceChanges(db, ALICE_A, changed.priceChanges, NOW + 5);
    const accepted = await view(ALICE_A, (v) => v.priceChanges.length === 0);
    expect(accepted.totals.subtotal).toBe(7200);
  });

  it('shows stock answers kept apart from the catalogue', async () => {
    await addToCart(db, ALICE_A, oil, 2, OK, NOW);
    await recordStock(db, { 'OIL-5L': { status: 'ok', qty: 7, checkedAt: NOW } });
    const cart = await view(ALICE_A, (v) => v.suppliers[0]?.lines[0]?.stock === 'ok');
    expect(cart.suppliers[0]?.lines[0]).toMatchObject({ stock: 'ok', maxQuantity: 7 });
    expect((await db.products.findOne('OIL-5L').exec())?.qty).toBe(120);
  });
});
