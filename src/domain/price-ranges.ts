import { formatWholeEuros, type Cents } from './money';

/**
 * docs/product-rules.md §9 price ranges: 0-50, 50-100, 100-150, 150 and above (euros). A range includes its lower
 * bound and excludes its upper one, so a price of exactly 50.00 € is in "50 € - 100 €", never in two.
 */
export interface PriceRange {
  /** URL value, e.g. "50-100" or "150-". */
  readonly id: string;
  readonly from: Cents;
  /** null: no upper bound (the last range). */
  readonly to: Cents | null;
}

export const PRICE_RANGES: readonly PriceRange[] = [
  { id: '0-50', from: 0, to: 5_000 },
  { id: '50-100', from: 5_000, to: 10_000 },
  { id: '100-150', from: 10_000, to: 15_000 },
  { id: '150-', from: 15_000, to: null },
];

export function priceRangeById(id: string | null | undefined): PriceRange | null {
  return PRICE_RANGES.find((range) => range.id === id) ?? null;
}

export function isInPriceRange(price: Cents, range: PriceRange): boolean {
  return price >= range.from && (range.to === null || price < range.to);
}

export function priceRangeOf(price: Cents): PriceRange {
  const found = PRICE_RANGES.find((range) => isInPriceRange(price, range));
  // Negative prices do not exist; the first range is the safe home for one anyway.
  return found ?? (PRICE_RANGES[0] as PriceRange);
}

/** docs/product-rules.md §9 labels: "< 50 €" for the first, "> 150 €" for the last, "50 € - 100 €" in between. */
export function priceRangeLabel(range: PriceRange, locale: string): string {
  if (range.to === null) return `> ${formatWholeEuros(range.from, locale)}`;
  if (range.from === 0) return `< ${formatWholeEuros(range.to, locale)}`;
  return `${formatWholeEuros(range.from, locale)} - ${formatWholeEuros(range.to, locale)}`;
}
