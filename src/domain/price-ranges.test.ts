import { describe, expect, it } from 'vitest';
import { PRICE_RANGES, priceRangeById, priceRangeLabel, priceRangeOf } from './price-ranges';

describe('price ranges (docs/product-rules.md §9)', () => {
  it.each([
    [0, '0-50'],
    [4_999, '0-50'],
    [5_000, '50-100'],
    [9_999, '50-100'],
    [10_000, '100-150'],
    [14_999, '100-150'],
    [15_000, '150-'],
    [1_000_000, '150-'],
  ])('puts %i cents in %s', (cents, id) => {
    expect(priceRangeOf(cents).id).toBe(id);
  });

  it('labels the first with <, the last with > and the middle ones from - to, amount then €', () => {
    expect(PRICE_RANGES.map((r) => priceRangeLabel(r, 'en-US'))).toEqual(['< 50 €', '50 € - 100 €', '100 € - 150 €', '> 150 €']);
    expect(priceRangeLabel({ id: 'x', from: 100_000, to: null }, 'el-GR')).toBe('> 1.000 €');
    // A range without an upper bound is always the last one, even one starting at 0.
    expect(priceRangeLabel({ id: '0-', from: 0, to: null }, 'en-US')).toBe('> 0 €');
  });

  it('finds a range by its URL id and ignores unknown ids', () => {
    expect(priceRangeById('50-100')?.from).toBe(5_000);
    expect(priceRangeById('7-8')).toBeNull();
    expect(priceRangeById(null)).toBeNull();
  });
});
