import type { Cents } from '../money';
import { addTax } from '../tax';

/**
 * Cart totals (docs/product-rules.md §4 "Cart totals"): the same function computes them on the device
 * (offline, and for the display) and on the bridge (the totals call), so both agree to the cent.
 * Amounts are integer cents; VAT is added per line, rounded like every other price (half a cent up).
 */

export interface TotalsLine {
  supplierId: string;
  qty: number;
  /** Unit price excluding VAT. */
  price: Cents;
  /** VAT rate of the line in percent (0 when the product has no tax class). */
  taxRate: number;
}

export interface CouponRule {
  code: string;
  /** `percent`: `value` percent off the eligible lines; `fixed`: `value` cents off, at most their total. */
  kind: 'percent' | 'fixed';
  value: number;
  /** Only this supplier's lines are eligible; every line when absent. */
  supplierId?: string | undefined;
  /** The eligible lines must reach this much (incl. VAT) for the coupon to apply. */
  minSubtotalInclTax?: Cents | undefined;
}

export interface ShippingCharge {
  amount: Cents;
  amountInclTax: Cents;
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  /** Suppliers left out of this checkout: their lines stay in the cart but not in the totals. */
  excludedSuppliers?: ReadonlySet<string> | undefined;
  /** Shipping per supplier that has lines in the totals (docs/product-rules.md §9: Standard, 4 € or 5 € with VAT). */
  shippingPerSupplier?: ShippingCharge | undefined;
  /** Payment charges per supplier (cash on delivery costs 0 by default). */
  paymentFees?: ReadonlyMap<string, Cents> | undefined;
  coupon?: CouponRule | undefined;
}

export interface SupplierSubtotal {
  supplierId: string;
  subtotal: Cents;
  subtotalInclTax: Cents;
}

export interface CartTotals {
  rows: { rowTotal: Cents; rowTotalInclTax: Cents }[];
  suppliers: SupplierSubtotal[];
  subtotal: Cents;
  subtotal_incl_tax: Cents;
  shipping: Cents;
  shipping_incl_tax: Cents;
  payment: Cents;
  discount: Cents;
  grand_total: Cents;
  /** The coupon given applied (its conditions are met). */
  couponApplied: boolean;
}

export const DEFAULT_SHIPPING: ShippingCharge = { amount: 400, amountInclTax: 500 };

export function rowTotals(line: TotalsLine): { rowTotal: Cents; rowTotalInclTax: Cents } {
  const rowTotal = line.price * line.qty;
  return { rowTotal, rowTotalInclTax: addTax(rowTotal, line.taxRate) };
}

function couponDiscount(coupon: CouponRule, eligibleInclTax: Cents): Cents {
  if (eligibleInclTax <= 0) return 0;
  if (coupon.minSubtotalInclTax !== undefined && eligibleInclTax < coupon.minSubtotalInclTax) return 0;
  if (coupon.kind === 'fixed') return Math.min(coupon.value, eligibleInclTax);
  return Math.min(eligibleInclTax, Math.round((eligibleInclTax * coupon.value) / 100));
}

export function computeCartTotals(input: TotalsInput): CartTotals {
  const excluded = input.excludedSuppliers ?? new Set<string>();
  const rows = input.lines.map(rowTotals);
  const bySupplier = new Map<string, SupplierSubtotal>();
  let eligible = 0;
  input.lines.forEach((line, index) => {
    const row = rows[index] ?? { rowTotal: 0, rowTotalInclTax: 0 };
    const entry = bySupplier.get(line.supplierId) ?? { supplierId: line.supplierId, subtotal: 0, subtotalInclTax: 0 };
    entry.subtotal += row.rowTotal;
    entry.subtotalInclTax += row.rowTotalInclTax;
    bySupplier.set(line.supplierId, entry);
    if (!excluded.has(line.supplierId) && (!input.coupon?.supplierId || input.coupon.supplierId === line.supplierId)) {
      eligible += row.rowTotalInclTax;
    }
  });
  const suppliers = [...bySupplier.values()];
  const counted = suppliers.filter((s) => !excluded.has(s.supplierId));
  const subtotal = counted.reduce((sum, s) => sum + s.subtotal, 0);
  const subtotalInclTax = counted.reduce((sum, s) => sum + s.subtotalInclTax, 0);
  const shipping = input.shippingPerSupplier ?? { amount: 0, amountInclTax: 0 };
  const shippingTotal = counted.length * shipping.amount;
  const shippingInclTax = counted.length * shipping.amountInclTax;
  const payment = counted.reduce((sum, s) => sum + (input.paymentFees?.get(s.supplierId) ?? 0), 0);
  const discount = input.coupon ? couponDiscount(input.coupon, eligible) : 0;
  return {
    rows,
    suppliers,
    subtotal,
    subtotal_incl_tax: subtotalInclTax,
    shipping: shippingTotal,
    shipping_incl_tax: shippingInclTax,
    payment,
    discount,
    grand_total: subtotalInclTax + shippingInclTax + payment - discount,
    couponApplied: discount > 0,
  };
}

/** How much a supplier's subtotal (excl. VAT) still lacks to reach its minimum order; 0 once reached. */
export function missingForMinimum(subtotal: Cents, minimumOrder: Cents): Cents {
  return Math.max(0, minimumOrder - subtotal);
}
