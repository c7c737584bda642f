import { describe, expect, it } from 'vitest';
import type { CartTotalsResult } from '../../contracts/cart';
import type { CartServerState } from '../commands/cart';
import { makeCartItem, makeProduct } from '../testing/documents';
import { buildCartView, localCartHash } from './cart';
import { makeSupplier } from './listing-fixtures';

const scope = { customerId: 'cust-1', buyerId: 'buyer-1' };
const NOW = Date.UTC(2026, 5, 1);
const lines = [
  makeCartItem({ id: 'a', sku: 'A-1', supplier_id: 's1', qty: 2, price: 1000, tax_rate: 24 }),
  makeCartItem({ id: 'b', sku: 'B-1', supplier_id: 's2', qty: 1, price: 500, tax_rate: 13 }),
];
const suppliers = new Map([
  ['s1', makeSupplier({ id: 's1', name: 'Alpha', minimum_order: 5000, payment_methods: [1, 2, 3, 4] })],
  ['s2', makeSupplier({ id: 's2', name: 'Beta', minimum_order: 0, payment_methods: [1, 2, 4] })],
]);
const tax = { rules: [], country: 'GR', region: null };

function view(server?: CartServerState, choices: { supplier_id: string; excluded: boolean }[] = []) {
  return buildCartView(
    scope,
    {
      lines,
      choices: choices.map((c) => ({
        key: `k-${c.supplier_id}`,
        customer_id: 'cust-1',
        buyer_id: 'buyer-1',
        comment: '',
        updated_at: 1,
        ...c,
      })),
      products: new Map(),
      suppliers,
      tax,
      stock: {},
      server,
    },
    NOW,
  );
}

function bridgeTotals(hash: string, grandTotal: number): CartTotalsResult {
  return {
    subtotal: 2500,
    subtotal_incl_tax: 3045,
    shipping: 800,
    shipping_incl_tax: 1000,
    payment: 0,
    discount: 0,
    grand_total: grandTotal,
    coupon: null,
    coupon_rule: null,
    suppliers: [],
    hash,
  };
}

describe('the cart view and what the bridge said', () => {
  it('computes totals on the device until the bridge answered for this very cart', () => {
    const local = view();
    expect(local.totals).toMatchObject({ source: 'device', subtotal: 2500, subtotal_incl_tax: 2480 + 565, discount: 0 });
    expect(local.hash).toBe(localCartHash(lines, [], ''));
    expect(local.hash).not.toBe('');

    const matching = view({ coupon: null, paymentMethods: {}, hash: local.hash, syncedAt: 1, totals: bridgeTotals(local.hash, 4321) });
    expect(matching.totals).toMatchObject({ source: 'bridge', grand_total: 4321 });

    const stale = view({ coupon: null, paymentMethods: {}, hash: 'other', syncedAt: 1, totals: bridgeTotals('other', 4321) });
    expect(stale.totals.source).toBe('device');
    expect(stale.totals.grand_total).toBe(local.totals.grand_total);
  });

  it('an exclusion or a coupon changes the hash, so totals are asked again', () => {
    const base = view().hash;
    expect(view(undefined, [{ supplier_id: 's2', excluded: true }]).hash).not.toBe(base);
    const coupon = { code: 'SAVE5', kind: 'fixed' as const, value: 500, supplier_id: null, min_subtotal_incl_tax: null };
    expect(view({ coupon, paymentMethods: {} }).hash).not.toBe(base);
  });

  it('applies the kept coupon offline and says when the goods do not meet it', () => {
    const tenOffAlpha = { code: 'SUPPLIER10', kind: 'percent' as const, value: 10, supplier_id: 's1', min_subtotal_incl_tax: null };
    const applied = view({ coupon: tenOffAlpha, paymentMethods: {} });
    expect(applied.coupon).toEqual({ code: 'SUPPLIER10', applied: true });
    expect(applied.totals.discount).toBe(248);
    expect(applied.totals.grand_total).toBe(view().totals.grand_total - 248);

    const unmet = view({ coupon: { ...tenOffAlpha, min_subtotal_incl_tax: 100_000 }, paymentMethods: {} });
    expect(unmet.coupon).toEqual({ code: 'SUPPLIER10', applied: false });
    expect(unmet.totals.discount).toBe(0);
  });

  it('offers credit only for a supplier the bridge said approved it for this buyer', () => {
    const methodsOf = (v: ReturnType<typeof view>, id: string) => v.suppliers.find((s) => s.supplierId === id)!.paymentMethods;
    expect(methodsOf(view(), 's1')).toEqual([1, 2, 4]);
    const approved = view({ coupon: null, paymentMethods: { s1: [1, 2, 3, 4], s2: [1, 2, 3, 4] } });
    expect(methodsOf(approved, 's1')).toEqual([1, 2, 3, 4]);
    // Credit is the bridge's decision (approved terms), even where the catalogue's list of methods leaves it out.
    expect(methodsOf(approved, 's2')).toEqual([1, 2, 3, 4]);
    expect(methodsOf(view({ coupon: null, paymentMethods: { s1: [1, 2, 4] } }), 's1')).toEqual([1, 2, 4]);
  });

  it('lists a catalogue price that moved since the line was added', () => {
    const moved = buildCartView(
      scope,
      {
        lines: [lines[0]!],
        choices: [],
        products: new Map([['A-1', makeProduct({ sku: 'A-1', price: 1100, tax_class_id: 0 })]]),
        suppliers,
        tax,
        stock: {},
      },
      NOW,
    );
    expect(moved.priceChanges).toEqual([expect.objectContaining({ lineId: 'a', oldPrice: 1000, newPrice: 1100, newTaxRate: 0 })]);
  });

  it('prices a bundle by its chosen products: no change while they keep their prices, a change when one moves', () => {
    const bundleLine = makeCartItem({
      id: 'bx',
      sku: 'BUNDLE-1',
      supplier_id: 's1',
      qty: 1,
      price: 2 * 300 + 450,
      tax_rate: 0,
      type_id: 'bundle',
      options: {
        bundle_options: [
          { option_id: 1, sku: 'PART-1', qty: 2 },
          { option_id: 2, sku: 'PART-2', qty: 1 },
        ],
      },
    });
    const products = (part2: number) =>
      new Map([
        ['BUNDLE-1', makeProduct({ sku: 'BUNDLE-1', type_id: 'bundle', price: 999, tax_class_id: 0 })],
        ['PART-1', makeProduct({ sku: 'PART-1', price: 300, tax_class_id: 0 })],
        ['PART-2', makeProduct({ sku: 'PART-2', price: part2, tax_class_id: 0 })],
      ]);
    const changes = (part2: number) =>
      buildCartView(scope, { lines: [bundleLine], choices: [], products: products(part2), suppliers, tax, stock: {} }, NOW).priceChanges;
    expect(changes(450)).toEqual([]);
    expect(changes(500)).toEqual([expect.objectContaining({ lineId: 'bx', oldPrice: 1050, newPrice: 1100 })]);
  });
});
