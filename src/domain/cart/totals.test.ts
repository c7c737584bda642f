import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCartTotals, DEFAULT_SHIPPING, missingForMinimum, rowTotals, type TotalsLine } from './totals';

const line = (supplierId: string, qty: number, price: number, taxRate = 13): TotalsLine => ({ supplierId, qty, price, taxRate });

describe('computeCartTotals', () => {
  it('adds VAT per line, sums per supplier and over the cart', () => {
    const totals = computeCartTotals({ lines: [line('1', 2, 1000), line('1', 1, 333, 24), line('2', 3, 150, 0)] });
    expect(totals.rows).toEqual([
      { rowTotal: 2000, rowTotalInclTax: 2260 },
      { rowTotal: 333, rowTotalInclTax: 413 },
      { rowTotal: 450, rowTotalInclTax: 450 },
    ]);
    expect(totals.suppliers).toEqual([
      { supplierId: '1', subtotal: 2333, subtotalInclTax: 2673 },
      { supplierId: '2', subtotal: 450, subtotalInclTax: 450 },
    ]);
    expect(totals).toMatchObject({ subtotal: 2783, subtotal_incl_tax: 3123, shipping: 0, payment: 0, discount: 0, grand_total: 3123 });
  });

  it('charges shipping and payment per supplier in the totals, and leaves excluded suppliers out', () => {
    const totals = computeCartTotals({
      lines: [line('1', 1, 1000), line('2', 1, 2000), line('3', 1, 500)],
      excludedSuppliers: new Set(['3']),
      shippingPerSupplier: DEFAULT_SHIPPING,
      paymentFees: new Map([
        ['2', 150],
        ['3', 999],
      ]),
    });
    expect(totals).toMatchObject({ subtotal: 3000, subtotal_incl_tax: 3390, shipping: 800, shipping_incl_tax: 1000, payment: 150 });
    expect(totals.grand_total).toBe(3390 + 1000 + 150);
    expect(totals.suppliers.map((s) => s.supplierId)).toEqual(['1', '2', '3']);
  });

  it('takes a percentage off one supplier’s lines only', () => {
    const totals = computeCartTotals({
      lines: [line('1', 1, 1000, 0), line('2', 1, 2000, 0)],
      coupon: { code: 'OLIVE10', kind: 'percent', value: 10, supplierId: '2' },
    });
    expect(totals).toMatchObject({ discount: 200, grand_total: 2800, couponApplied: true });
  });

  it('takes a fixed amount off once the minimum is reached, never more than the goods', () => {
    const coupon = { code: 'FIVE', kind: 'fixed' as const, value: 500, minSubtotalInclTax: 3000 };
    expect(computeCartTotals({ lines: [line('1', 1, 2999, 0)], coupon })).toMatchObject({ discount: 0, couponApplied: false });
    expect(computeCartTotals({ lines: [line('1', 1, 3000, 0)], coupon })).toMatchObject({ discount: 500, grand_total: 2500 });
    const small = { code: 'BIG', kind: 'fixed' as const, value: 5000 };
    expect(computeCartTotals({ lines: [line('1', 1, 1200, 0)], coupon: small })).toMatchObject({ discount: 1200, grand_total: 0 });
  });

  it('applies no coupon to an excluded supplier or an empty cart', () => {
    const coupon = { code: 'X', kind: 'percent' as const, value: 50 };
    expect(computeCartTotals({ lines: [line('1', 1, 1000)], excludedSuppliers: new Set(['1']), coupon }).discount).toBe(0);
    expect(computeCartTotals({ lines: [], coupon })).toMatchObject({ discount: 0, grand_total: 0, couponApplied: false });
  });

  it('the grand total is the sum of its segments, and suppliers add up to the subtotal (fast-check)', () => {
    const lineArb = fc.record({
      supplierId: fc.constantFrom('1', '2', '3'),
      qty: fc.integer({ min: 1, max: 500 }),
      price: fc.integer({ min: 0, max: 500_000 }),
      taxRate: fc.constantFrom(0, 6, 13, 24),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 40 }), (lines) => {
        const t = computeCartTotals({ lines, shippingPerSupplier: DEFAULT_SHIPPING });
        expect(t.grand_total).toBe(t.subtotal_incl_tax + t.shipping_incl_tax + t.payment - t.discount);
        expect(t.suppliers.reduce((s, x) => s + x.subtotal, 0)).toBe(t.subtotal);
        expect(t.rows.reduce((s, r) => s + r.rowTotalInclTax, 0)).toBe(t.subtotal_incl_tax);
        expect(t.subtotal_incl_tax).toBeGreaterThanOrEqual(t.subtotal);
      }),
    );
  });
});

describe('rowTotals and missingForMinimum', () => {
  it('rounds VAT on the row, not per unit', () => {
    expect(rowTotals(line('1', 3, 5, 13))).toEqual({ rowTotal: 15, rowTotalInclTax: 17 });
  });

  it('says how much is missing, never below zero', () => {
    expect(missingForMinimum(3000, 5000)).toBe(2000);
    expect(missingForMinimum(5000, 5000)).toBe(0);
    expect(missingForMinimum(7000, 5000)).toBe(0);
  });
});
