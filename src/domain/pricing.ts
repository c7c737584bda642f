import type { Cents } from './money';
import { addTax } from './tax';

/** The price fields every product and configurable child carries (integer cents excluding VAT, epoch ms). */
export interface PricedItem {
  price: Cents;
  special_price?: Cents | undefined;
  special_from_date?: number | undefined;
  special_to_date?: number | undefined;
}

/**
 * docs/product-rules.md §5: a special price counts only when it is below the price and `now` lies within
 * special_from_date..special_to_date, both ends inclusive, either end open. The bridge stores the
 * end as the last millisecond of its day (seed `endOfDay`), so "inclusive" covers the whole end day
 * without the client guessing a time zone (decision record 009).
 */
export function activeSpecialPrice(p: PricedItem, now: number): Cents | null {
  const special = p.special_price;
  if (typeof special !== 'number' || special >= p.price) return null;
  const from = p.special_from_date ?? -Infinity;
  const to = p.special_to_date ?? Infinity;
  return from <= now && now <= to ? special : null;
}

/** What the buyer pays per unit excluding VAT: the active special price, otherwise the price. */
export function finalPrice(p: PricedItem, now: number): Cents {
  return activeSpecialPrice(p, now) ?? p.price;
}

export interface DisplayedPrice {
  amount: Cents;
  /** The struck-through original when a special price applies, null otherwise. */
  original: Cents | null;
  withVat: boolean;
}

export interface PriceDisplayOptions {
  withVat: boolean;
  /** VAT rate in percent (findTaxRate); 0 when the product's class has no matching rate. */
  taxRate: number;
}

export function priceForDisplay(p: PricedItem, options: PriceDisplayOptions, now: number): DisplayedPrice {
  const gross = (cents: Cents): Cents => (options.withVat ? addTax(cents, options.taxRate) : cents);
  const special = activeSpecialPrice(p, now);
  return {
    amount: gross(special ?? p.price),
    original: special === null ? null : gross(p.price),
    withVat: options.withVat,
  };
}
