import type { Queryable } from '../../db/client';
import { CART_MAX_LINES, type CartLineDoc, type CartSupplierDoc } from '../../../src/contracts/cart';

/** Whose cart: the token's customer and a buyer they belong to (checked by requireBuyer). */
export interface CartScope {
  customerId: string;
  buyerId: string;
}

export class CartError extends Error {
  constructor(
    readonly code:
      | 'unknown_product'
      | 'too_many_lines'
      | 'credit_not_available'
      | 'coupon_unknown'
      | 'coupon_expired'
      | 'coupon_not_applicable'
      | 'shipping_method_unknown',
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

export { sameDocument } from '../../../src/domain/cart/canonical';

/** The catalogue's word on each sku of the push: a line must name a product of the right supplier. */
export async function checkLinesAgainstCatalog(q: Queryable, docs: readonly CartLineDoc[]): Promise<void> {
  const live = docs.filter((d) => !d._deleted);
  if (live.length === 0) return;
  const rows = await q.query<{ sku: string; supplier_id: number }>('select sku, supplier_id from products where sku = any($1)', [
    [...new Set(live.map((d) => d.sku))],
  ]);
  const supplierOf = new Map(rows.map((r) => [r.sku, String(r.supplier_id)]));
  const wrong = live.find((d) => supplierOf.get(d.sku) !== d.supplier_id);
  if (wrong) throw new CartError('unknown_product', wrong.sku);
}

export async function checkLineCount(q: Queryable, scope: CartScope): Promise<void> {
  const [row] = await q.query<{ n: number }>(
    'select count(*)::int as n from cart_lines where customer_id = $1 and buyer_id = $2 and not deleted',
    [scope.customerId, scope.buyerId],
  );
  if ((row?.n ?? 0) > CART_MAX_LINES) throw new CartError('too_many_lines');
}

export async function creditApprovedSuppliers(q: Queryable, buyerId: string): Promise<Set<string>> {
  const rows = await q.query<{ supplier_id: string }>("select supplier_id from credit_terms where buyer_id = $1 and status = 'approved'", [
    buyerId,
  ]);
  return new Set(rows.map((r) => r.supplier_id));
}

export async function checkSupplierChoices(q: Queryable, scope: CartScope, docs: readonly CartSupplierDoc[]): Promise<void> {
  // A choice names a supplier of the catalogue, so a client cannot grow the table with made-up ids.
  const named = [...new Set(docs.filter((d) => !d._deleted).map((d) => d.supplier_id))];
  if (named.length > 0) {
    const ids = named.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647);
    const rows = ids.length === named.length ? await q.query<{ id: number }>('select id from suppliers where id = any($1)', [ids]) : [];
    const known = new Set(rows.map((r) => String(r.id)));
    const unknown = named.find((id) => !known.has(id));
    if (unknown) throw new CartError('unknown_product', unknown);
  }
  if (!docs.some((d) => d.payment_method === 3 && !d._deleted)) return;
  const approved = await creditApprovedSuppliers(q, scope.buyerId);
  const refused = docs.find((d) => d.payment_method === 3 && !d._deleted && !approved.has(d.supplier_id));
  if (refused) throw new CartError('credit_not_available', refused.supplier_id);
}
