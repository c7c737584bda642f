import type { Cents } from '../money';

/** Stock result of a cart line (docs/product-rules.md §4): `volatile` = not verified (offline, or unknown). */
export type StockStatus = 'ok' | 'volatile' | 'out_of_stock';
/** Payment methods per supplier (docs/product-rules.md §4): 1 card, 2 cash on delivery, 3 credit, 4 IRIS. */
export type PaymentMethodId = 1 | 2 | 3 | 4;
export const PAYMENT_METHODS: readonly PaymentMethodId[] = [1, 2, 3, 4];
export const CART_COMMENT_MAX = 100;
export const CART_QTY_MAX = 100_000;
/** Stock lookups carry at most this many skus (docs/product-rules.md §7 "Catalogue and stock"). */
export const STOCK_BATCH_SIZE = 15;

export interface StockRecord {
  qty: number;
  isInStock: boolean;
  manageStock: boolean;
}

/** What the bridge's stock record means for the cart. */
export function stockStatus(record: StockRecord | undefined): StockStatus {
  if (!record) return 'volatile';
  if (!record.manageStock) return 'ok';
  return record.isInStock && record.qty > 0 ? 'ok' : 'out_of_stock';
}

export type AddCheck =
  | { ok: true; warning?: 'volatile' }
  | { ok: false; error: 'price_unknown' | 'out_of_stock' | 'invalid_quantity' | 'max_quantity'; maxQuantity?: number };

/**
 * docs/product-rules.md §5: a price below zero is refused (zero is allowed); the quantity is a positive
 * integer; out of stock is not added; volatile is added with a warning; more than the stock is refused.
 */
export function checkCartQuantity(input: {
  priceInclTax: Cents;
  qty: number;
  stock: StockStatus;
  stockQty?: number | undefined;
}): AddCheck {
  if (!(input.priceInclTax >= 0)) return { ok: false, error: 'price_unknown' };
  if (!Number.isInteger(input.qty) || input.qty < 1 || input.qty > CART_QTY_MAX) return { ok: false, error: 'invalid_quantity' };
  if (input.stock === 'out_of_stock') return { ok: false, error: 'out_of_stock' };
  if (input.stock === 'ok' && input.stockQty !== undefined && input.qty > input.stockQty) {
    return { ok: false, error: 'max_quantity', maxQuantity: input.stockQty };
  }
  return input.stock === 'volatile' ? { ok: true, warning: 'volatile' } : { ok: true };
}

/**
 * The methods a supplier offers this buyer: card, cash on delivery (hidden when every line is virtual or
 * downloadable), credit only with approved credit terms (whatever the supplier lists), IRIS. A supplier that
 * lists the methods it accepts offers only those; one that lists none offers all.
 */
export function paymentMethodsFor(input: {
  creditApproved: boolean;
  onlyVirtualItems: boolean;
  listed?: readonly number[] | undefined;
}): PaymentMethodId[] {
  const listed = input.listed && input.listed.length > 0 ? input.listed : undefined;
  return PAYMENT_METHODS.filter((m) =>
    m === 3 ? input.creditApproved : (m !== 2 || !input.onlyVirtualItems) && (!listed || listed.includes(m)),
  );
}

/** Splits skus into lookups of at most STOCK_BATCH_SIZE, without repeats. */
export function stockBatches(skus: readonly string[]): string[][] {
  const unique = [...new Set(skus)];
  const batches: string[][] = [];
  for (let i = 0; i < unique.length; i += STOCK_BATCH_SIZE) batches.push(unique.slice(i, i + STOCK_BATCH_SIZE));
  return batches;
}
