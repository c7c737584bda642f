import { describe, expect, it } from 'vitest';
import { checkCartQuantity, paymentMethodsFor, STOCK_BATCH_SIZE, stockBatches, stockStatus } from './rules';

describe('stockStatus', () => {
  it.each([
    [undefined, 'volatile'],
    [{ qty: 0, isInStock: true, manageStock: false }, 'ok'],
    [{ qty: 5, isInStock: true, manageStock: true }, 'ok'],
    [{ qty: 0, isInStock: true, manageStock: true }, 'out_of_stock'],
    [{ qty: 5, isInStock: false, manageStock: true }, 'out_of_stock'],
  ] as const)('%j is %s', (record, status) => {
    expect(stockStatus(record)).toBe(status);
  });
});

describe('checkCartQuantity', () => {
  it.each([
    [
      { priceInclTax: -1, qty: 1, stock: 'ok' },
      { ok: false, error: 'price_unknown' },
    ],
    [{ priceInclTax: 0, qty: 1, stock: 'ok' }, { ok: true }],
    [
      { priceInclTax: Number.NaN, qty: 1, stock: 'ok' },
      { ok: false, error: 'price_unknown' },
    ],
    [
      { priceInclTax: 100, qty: 0, stock: 'ok' },
      { ok: false, error: 'invalid_quantity' },
    ],
    [
      { priceInclTax: 100, qty: 1.5, stock: 'ok' },
      { ok: false, error: 'invalid_quantity' },
    ],
    [
      { priceInclTax: 100, qty: 100_001, stock: 'ok' },
      { ok: false, error: 'invalid_quantity' },
    ],
    [
      { priceInclTax: 100, qty: 100_000, stock: 'volatile' },
      { ok: true, warning: 'volatile' },
    ],
    [
      { priceInclTax: 100, qty: 1, stock: 'out_of_stock' },
      { ok: false, error: 'out_of_stock' },
    ],
    [
      { priceInclTax: 100, qty: 6, stock: 'ok', stockQty: 5 },
      { ok: false, error: 'max_quantity', maxQuantity: 5 },
    ],
    [{ priceInclTax: 100, qty: 5, stock: 'ok', stockQty: 5 }, { ok: true }],
    [
      { priceInclTax: 100, qty: 9, stock: 'volatile', stockQty: 5 },
      { ok: true, warning: 'volatile' },
    ],
  ] as const)('%j → %j', (input, expected) => {
    expect(checkCartQuantity(input)).toEqual(expected);
  });
});

describe('paymentMethodsFor', () => {
  it('offers credit only with approved terms and hides cash on delivery for virtual-only carts', () => {
    expect(paymentMethodsFor({ creditApproved: false, onlyVirtualItems: false })).toEqual([1, 2, 4]);
    expect(paymentMethodsFor({ creditApproved: true, onlyVirtualItems: false })).toEqual([1, 2, 3, 4]);
    expect(paymentMethodsFor({ creditApproved: true, onlyVirtualItems: true })).toEqual([1, 3, 4]);
  });

  it('offers only what a supplier lists, all when it lists none, and credit by the terms alone', () => {
    expect(paymentMethodsFor({ creditApproved: false, onlyVirtualItems: false, listed: [2] })).toEqual([2]);
    expect(paymentMethodsFor({ creditApproved: true, onlyVirtualItems: false, listed: [1, 4] })).toEqual([1, 3, 4]);
    expect(paymentMethodsFor({ creditApproved: false, onlyVirtualItems: false, listed: [1, 3] })).toEqual([1]);
    expect(paymentMethodsFor({ creditApproved: false, onlyVirtualItems: false, listed: [] })).toEqual([1, 2, 4]);
    expect(paymentMethodsFor({ creditApproved: false, onlyVirtualItems: true, listed: [2, 4] })).toEqual([4]);
  });
});

describe('stockBatches', () => {
  it('splits into lookups of at most 15 distinct skus', () => {
    const skus = Array.from({ length: 31 }, (_, i) => `S${i}`);
    const batches = stockBatches([...skus, 'S0', 'S1']);
    expect(STOCK_BATCH_SIZE).toBe(15);
    expect(batches.map((b) => b.length)).toEqual([15, 15, 1]);
    expect(batches.flat()).toEqual(skus);
    expect(stockBatches([])).toEqual([]);
  });
});
