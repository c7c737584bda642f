import { describe, expect, it } from 'vitest';
import { activeSpecialPrice, finalPrice, priceForDisplay } from './pricing';

const DAY = 86_400_000;
const from = Date.UTC(2026, 10, 1);
const to = Date.UTC(2026, 10, 30) + DAY - 1; // last millisecond of the end day, as the bridge stores it
const onSale = { price: 1000, special_price: 800, special_from_date: from, special_to_date: to };

describe('activeSpecialPrice', () => {
  it('applies inside the window, at both exact edges, and not outside', () => {
    expect(activeSpecialPrice(onSale, from - 1)).toBeNull();
    expect(activeSpecialPrice(onSale, from)).toBe(800);
    expect(activeSpecialPrice(onSale, from + 10 * DAY)).toBe(800);
    expect(activeSpecialPrice(onSale, to)).toBe(800);
    expect(activeSpecialPrice(onSale, to + 1)).toBeNull();
  });

  it('treats a missing start or end as open', () => {
    expect(activeSpecialPrice({ price: 1000, special_price: 800, special_to_date: to }, 0)).toBe(800);
    expect(activeSpecialPrice({ price: 1000, special_price: 800, special_from_date: from }, from + 1000 * DAY)).toBe(800);
    expect(activeSpecialPrice({ price: 1000, special_price: 800 }, from)).toBe(800);
  });

  it('ignores a special price that is not below the price', () => {
    expect(activeSpecialPrice({ ...onSale, special_price: 1200 }, from)).toBeNull();
    expect(activeSpecialPrice({ ...onSale, special_price: 1000 }, from)).toBeNull();
  });

  it('returns null when there is no special price', () => {
    expect(activeSpecialPrice({ price: 1000 }, from)).toBeNull();
  });
});

describe('finalPrice', () => {
  it('is the special price inside its window and the price outside', () => {
    expect(finalPrice(onSale, from + DAY)).toBe(800);
    expect(finalPrice(onSale, to + DAY)).toBe(1000);
    expect(finalPrice({ ...onSale, special_price: 1500 }, from + DAY)).toBe(1000);
  });
});

describe('priceForDisplay', () => {
  it('shows the net price and no original when no special applies', () => {
    expect(priceForDisplay({ price: 1000 }, { withVat: false, taxRate: 24 }, from)).toEqual({
      amount: 1000,
      original: null,
      withVat: false,
    });
  });

  it('adds the rate when prices are shown with VAT', () => {
    expect(priceForDisplay({ price: 1000 }, { withVat: true, taxRate: 13 }, from)).toEqual({ amount: 1130, original: null, withVat: true });
    expect(priceForDisplay({ price: 99 }, { withVat: true, taxRate: 13 }, from).amount).toBe(112);
  });

  it('shows the special price with the struck-through original, both with the same VAT treatment', () => {
    expect(priceForDisplay(onSale, { withVat: true, taxRate: 24 }, from)).toEqual({ amount: 992, original: 1240, withVat: true });
    expect(priceForDisplay(onSale, { withVat: false, taxRate: 24 }, from)).toEqual({ amount: 800, original: 1000, withVat: false });
  });

  it('drops the original once the window has passed', () => {
    expect(priceForDisplay(onSale, { withVat: false, taxRate: 6 }, to + 1)).toEqual({ amount: 1000, original: null, withVat: false });
  });

  it('shows the net price at 0 % for a class without a rate', () => {
    expect(priceForDisplay({ price: 1000 }, { withVat: true, taxRate: 0 }, from).amount).toBe(1000);
  });
});
