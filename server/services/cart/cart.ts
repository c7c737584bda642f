import type { Db, Queryable } from '../../db/client';
import type { CartLineDoc, CartSupplierDoc, CartTotalsResult, ShippingAddress, StockItem } from '../../../src/contracts/cart';
import { cartHash } from '../../../src/domain/cart/hash';
import { DEFAULT_MERGE_RULES, mergeLineQuantity } from '../../../src/domain/cart/merge';
import { paymentMethodsFor, stockStatus, type PaymentMethodId } from '../../../src/domain/cart/rules';
import { computeCartTotals, DEFAULT_SHIPPING, missingForMinimum, type CouponRule } from '../../../src/domain/cart/totals';
import { CartError, creditApprovedSuppliers, type CartScope } from './documents';
import { pushDocuments } from '../document-replication';
import { LINES } from './replication';

export interface WholeCart {
  lines: CartLineDoc[];
  suppliers: CartSupplierDoc[];
  coupon: string | null;
}

export async function wholeCart(q: Queryable, scope: CartScope): Promise<WholeCart> {
  const params = [scope.customerId, scope.buyerId];
  const lines = await q.query<{ doc: CartLineDoc }>(
    'select doc from cart_lines where customer_id = $1 and buyer_id = $2 and not deleted order by seq',
    params,
  );
  const suppliers = await q.query<{ doc: CartSupplierDoc }>(
    'select doc from cart_suppliers where customer_id = $1 and buyer_id = $2 and not deleted order by seq',
    params,
  );
  const [coupon] = await q.query<{ code: string }>('select code from cart_coupons where customer_id = $1 and buyer_id = $2', params);
  return { lines: lines.map((r) => r.doc), suppliers: suppliers.map((r) => r.doc), coupon: coupon?.code ?? null };
}

/**
 * docs/product-rules.md §7 cart/update: one line from a device that may have been offline. `baseQty` is
 * the quantity the device last saw on the bridge; when the bridge moved on since, the shared merge rules
 * decide the quantity, exactly as the device's conflict handler would.
 */
export async function updateLine(db: Db, scope: CartScope, line: CartLineDoc, baseQty: number | undefined): Promise<CartLineDoc> {
  const [current] = await db.query<{ doc: CartLineDoc }>(
    'select doc from cart_lines where customer_id = $1 and buyer_id = $2 and id = $3',
    [scope.customerId, scope.buyerId, line.id],
  );
  const serverQty = current && !current.doc._deleted ? current.doc.qty : undefined;
  const qty = mergeLineQuantity({ base: baseQty, server: serverQty, client: line._deleted ? undefined : line.qty }, DEFAULT_MERGE_RULES);
  const next: CartLineDoc = qty > 0 ? { ...line, qty, _deleted: false } : { ...line, _deleted: true };
  const { conflicts } = await pushDocuments(db, LINES, scope, [{ newDocumentState: next, assumedMasterState: current?.doc }]);
  return conflicts[0] ?? next;
}

/** docs/product-rules.md §7 cart/delete: the line becomes a tombstone other devices pull. False when there is no such line. */
export async function deleteLine(db: Db, scope: CartScope, lineId: string, updatedAt: number): Promise<boolean> {
  const [current] = await db.query<{ doc: CartLineDoc }>(
    'select doc from cart_lines where customer_id = $1 and buyer_id = $2 and id = $3',
    [scope.customerId, scope.buyerId, lineId],
  );
  if (!current) return false;
  const gone = { ...current.doc, _deleted: true, updated_at: Math.max(updatedAt, current.doc.updated_at) };
  await pushDocuments(db, LINES, scope, [{ newDocumentState: gone, assumedMasterState: current.doc }]);
  return true;
}

export async function activeCoupon(q: Queryable, code: string, nowMs: number): Promise<CouponRule> {
  const [row] = await q.query<{
    code: string;
    kind: 'percent' | 'fixed';
    value: number;
    supplier_id: string | null;
    min_subtotal_cents: number | null;
    expired: boolean;
  }>(
    `select code, kind, value, supplier_id, min_subtotal_cents,
            coalesce(expires_at <= to_timestamp($2::double precision / 1000), false) as expired
     from coupons where code = upper($1)`,
    [code.trim(), nowMs],
  );
  if (!row) throw new CartError('coupon_unknown');
  if (row.expired) throw new CartError('coupon_expired');
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    supplierId: row.supplier_id ?? undefined,
    minSubtotalInclTax: row.min_subtotal_cents ?? undefined,
  };
}

/** The cart's totals, computed by the same function the storefront uses offline. */
export async function cartTotals(q: Queryable, scope: CartScope, nowMs: number, couponOverride?: CouponRule): Promise<CartTotalsResult> {
  const cart = await wholeCart(q, scope);
  let coupon = couponOverride;
  if (!coupon && cart.coupon) {
    coupon = await activeCoupon(q, cart.coupon, nowMs).catch((error: unknown) => {
      if (error instanceof CartError) return undefined;
      throw error;
    });
  }
  const excluded = cart.suppliers.filter((s) => s.excluded).map((s) => s.supplier_id);
  const lines = cart.lines.map((l) => ({ supplierId: l.supplier_id, qty: l.qty, price: l.price, taxRate: l.tax_rate, sku: l.sku }));
  const totals = computeCartTotals({ lines, excludedSuppliers: new Set(excluded), shippingPerSupplier: DEFAULT_SHIPPING, coupon });
  const ids = totals.suppliers.map((s) => Number(s.supplierId)).filter((n) => Number.isInteger(n));
  const minimums = await q.query<{ id: number; minimum_order_cents: number }>(
    'select id, minimum_order_cents from suppliers where id = any($1)',
    [ids],
  );
  const minimumOf = new Map(minimums.map((m) => [String(m.id), m.minimum_order_cents]));
  return {
    subtotal: totals.subtotal,
    subtotal_incl_tax: totals.subtotal_incl_tax,
    shipping: totals.shipping,
    shipping_incl_tax: totals.shipping_incl_tax,
    payment: totals.payment,
    discount: totals.discount,
    grand_total: totals.grand_total,
    coupon: totals.couponApplied && coupon ? coupon.code : null,
    coupon_rule: coupon
      ? {
          code: coupon.code,
          kind: coupon.kind,
          value: coupon.value,
          supplier_id: coupon.supplierId ?? null,
          min_subtotal_incl_tax: coupon.minSubtotalInclTax ?? null,
        }
      : null,
    suppliers: totals.suppliers.map((s) => {
      const minimum = minimumOf.get(s.supplierId) ?? 0;
      return {
        supplier_id: s.supplierId,
        subtotal: s.subtotal,
        subtotal_incl_tax: s.subtotalInclTax,
        minimum_order: minimum,
        missing_for_minimum: missingForMinimum(s.subtotal, minimum),
      };
    }),
    hash: cartHash(
      cart.lines.map((l) => ({ sku: l.sku, qty: l.qty, price: l.price, supplierId: l.supplier_id })),
      excluded,
      coupon?.code ?? '',
    ),
  };
}

export async function applyCoupon(db: Db, scope: CartScope, code: string, nowMs: number): Promise<CartTotalsResult> {
  const coupon = await activeCoupon(db, code, nowMs);
  const totals = await cartTotals(db, scope, nowMs, coupon);
  if (!totals.coupon) throw new CartError('coupon_not_applicable');
  await db.query(
    `insert into cart_coupons (customer_id, buyer_id, code) values ($1, $2, $3)
     on conflict (customer_id, buyer_id) do update set code = excluded.code`,
    [scope.customerId, scope.buyerId, coupon.code],
  );
  return totals;
}

export async function removeCoupon(db: Db, scope: CartScope, nowMs: number): Promise<CartTotalsResult> {
  await db.query('delete from cart_coupons where customer_id = $1 and buyer_id = $2', [scope.customerId, scope.buyerId]);
  return cartTotals(db, scope, nowMs);
}

/** A shipping method the bridge offers; prices are per supplier shipment, in cents. */
export interface ShippingMethod {
  method_code: string;
  carrier_code: string;
  method_title: string;
  amount: number;
  price_incl_tax: number;
  default: boolean;
}

export const STANDARD_SHIPPING: ShippingMethod = {
  method_code: 'standard',
  carrier_code: 'standard',
  method_title: 'Standard',
  amount: DEFAULT_SHIPPING.amount,
  price_incl_tax: DEFAULT_SHIPPING.amountInclTax,
  default: true,
};

/** The methods for a delivery address; every address the contract accepts is in Greece, where standard delivery goes. */
export function shippingMethodsFor(address: ShippingAddress): ShippingMethod[] {
  return address.country_id === 'GR' ? [STANDARD_SHIPPING] : [];
}

/**
 * docs/product-rules.md §7 cart/shipping-information: keeps the delivery address and method chosen for this
 * cart and answers the totals and payment methods that follow from them. A method the address does not
 * offer is refused.
 */
export async function setShippingInformation(
  db: Db,
  scope: CartScope,
  input: { address: ShippingAddress; methodCode: string; carrierCode: string },
  nowMs: number,
): Promise<{ totals: CartTotalsResult; payment_methods: { supplier_id: string; methods: PaymentMethodId[] }[] }> {
  const offered = shippingMethodsFor(input.address).some((m) => m.method_code === input.methodCode && m.carrier_code === input.carrierCode);
  if (!offered) throw new CartError('shipping_method_unknown');
  await db.query(
    `insert into cart_shipping (customer_id, buyer_id, address, method_code, carrier_code) values ($1, $2, $3, $4, $5)
     on conflict (customer_id, buyer_id) do update
       set address = excluded.address, method_code = excluded.method_code, carrier_code = excluded.carrier_code, updated_at = now()`,
    [scope.customerId, scope.buyerId, JSON.stringify(input.address), input.methodCode, input.carrierCode],
  );
  return { totals: await cartTotals(db, scope, nowMs), payment_methods: await paymentMethods(db, scope) };
}

/** The delivery address and method last chosen for this cart, if any. */
export async function shippingInformationOf(
  q: Queryable,
  scope: CartScope,
): Promise<{ address: ShippingAddress; methodCode: string; carrierCode: string } | null> {
  const [row] = await q.query<{ address: ShippingAddress; method_code: string; carrier_code: string }>(
    'select address, method_code, carrier_code from cart_shipping where customer_id = $1 and buyer_id = $2',
    [scope.customerId, scope.buyerId],
  );
  return row ? { address: row.address, methodCode: row.method_code, carrierCode: row.carrier_code } : null;
}

export async function paymentMethods(q: Queryable, scope: CartScope): Promise<{ supplier_id: string; methods: PaymentMethodId[] }[]> {
  const cart = await wholeCart(q, scope);
  const approved = await creditApprovedSuppliers(q, scope.buyerId);
  const suppliers = [...new Set(cart.lines.map((l) => l.supplier_id))];
  const ids = suppliers.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647);
  const rows = await q.query<{ id: number; methods: unknown }>(
    "select id, data->'payment_methods' as methods from suppliers where id = any($1)",
    [ids],
  );
  const listedOf = new Map(
    rows.map((r) => [String(r.id), Array.isArray(r.methods) ? r.methods.filter((m): m is number => typeof m === 'number') : undefined]),
  );
  // Every catalogue product is a physical good, so cash on delivery is offered wherever the supplier takes it.
  return suppliers.map((id) => ({
    supplier_id: id,
    methods: paymentMethodsFor({ creditApproved: approved.has(id), onlyVirtualItems: false, listed: listedOf.get(id) }),
  }));
}

/** Stock of up to 15 skus from the catalogue; an unknown sku is `volatile` (nothing to verify it with). */
export async function stockOf(q: Queryable, skus: readonly string[]): Promise<StockItem[]> {
  const rows = await q.query<{ sku: string; stock: { qty?: number; is_in_stock?: boolean; manage_stock?: boolean } | null }>(
    "select sku, data->'stock' as stock from products where sku = any($1)",
    [skus],
  );
  const bySku = new Map(rows.map((r) => [r.sku, r.stock]));
  return skus.map((sku) => {
    const s = bySku.get(sku);
    const record = s ? { qty: Number(s.qty ?? 0), isInStock: s.is_in_stock === true, manageStock: s.manage_stock !== false } : undefined;
    return {
      sku,
      qty: record?.qty ?? 0,
      is_in_stock: record?.isInStock ?? false,
      manage_stock: record?.manageStock ?? true,
      status: stockStatus(record),
    };
  });
}
