import type { Queryable } from '../../db/client';
import type { OrderProblem, PlaceOrderBody } from '../../../src/contracts/order';
import { currentLinePrice } from '../../../src/domain/cart/line-price';
import { paymentMethodsFor } from '../../../src/domain/cart/rules';
import { orderTotals } from '../../../src/domain/order/order';
import type { PricedItem } from '../../../src/domain/pricing';
import { findTaxRate, type TaxRule } from '../../../src/domain/tax';
import { shippingMethodsFor } from '../cart/cart';
import { creditApprovedSuppliers } from '../cart/documents';
import { int } from '../change-feed/doc-fields';
import { pricing } from '../change-feed/product-documents';
import { checkAvailability, orderableStatus, type ProductRow } from './availability';

type Order = PlaceOrderBody['order'];

/** The store's tax place and rules, as the storefront reads them from the catalogue. */
async function taxContext(q: Queryable): Promise<{ rules: TaxRule[]; country: string; region: string | null }> {
  const rules = await q.query<{ data: TaxRule }>('select data from tax_rules order by id');
  const config = await q.query<{ key: string; value: unknown }>(
    "select key, value from store_config where key in ('tax.defaultCountry', 'tax.defaultRegion')",
  );
  const valueOf = (key: string): string | null => {
    const value = config.find((c) => c.key === key)?.value;
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  };
  return { rules: rules.map((r) => r.data), country: valueOf('tax.defaultCountry') ?? 'GR', region: valueOf('tax.defaultRegion') };
}

function pricedOf(row: ProductRow | undefined, nowMs: number): PricedItem | undefined {
  if (!row || !orderableStatus(row.status)) return undefined;
  const p = pricing(row.price_cents, row.data, nowMs);
  return { price: p.price, special_price: p.special_price, special_from_date: p.special_from_date, special_to_date: p.special_to_date };
}

/**
 * The bridge's own word on an order (docs/product-rules.md §5.7): every line a product of this supplier that
 * can be ordered, at the price and VAT rate the buyer saw, in stock; the supplier active; its minimum order
 * reached; the payment method one it offers this buyer (credit only with approved terms); the shipping method
 * one the address offers. Returns every problem found, none when the order can be stored.
 */
export async function checkOrder(q: Queryable, buyerId: string, order: Order, nowMs: number): Promise<OrderProblem[]> {
  const supplierId = Number(order.supplier_id);
  const [supplier] =
    Number.isInteger(supplierId) && supplierId > 0 && supplierId <= 2_147_483_647
      ? await q.query<{ status: string; minimum_order_cents: number; data: Record<string, unknown> }>(
          'select status, minimum_order_cents, data from suppliers where id = $1',
          [supplierId],
        )
      : [];
  const availability = await checkAvailability(
    q,
    order.lines.map((l) => ({ ...l, supplier_id: order.supplier_id })),
  );
  const problems: OrderProblem[] = [...availability.suppliers];
  const unavailable = new Set(availability.unavailable.map((p) => (p.kind === 'product_unavailable' ? p.line_id : '')));
  const tax = await taxContext(q);
  for (const line of order.lines) {
    const row = availability.products.get(line.sku);
    const price =
      row && !unavailable.has(line.line_id)
        ? currentLinePrice(line, (sku) => pricedOf(availability.products.get(sku), nowMs), nowMs)
        : null;
    if (!row || price === null) {
      problems.push({ kind: 'product_unavailable', line_id: line.line_id, sku: line.sku });
      continue;
    }
    const taxRate = findTaxRate(int(row.data, 'tax_class_id') ?? 0, tax.rules, { country: tax.country, region: tax.region });
    if (price !== line.price || taxRate !== line.tax_rate) {
      problems.push({
        kind: 'price_changed',
        line_id: line.line_id,
        sku: line.sku,
        old_price: line.price,
        new_price: price,
        old_tax_rate: line.tax_rate,
        new_tax_rate: taxRate,
      });
    }
  }
  problems.push(...availability.stock);

  if (supplier) {
    const missing = supplier.minimum_order_cents - orderTotals(order.lines).subtotal;
    if (missing > 0) problems.push({ kind: 'minimum_not_reached', supplier_id: order.supplier_id, missing });
    const listed = Array.isArray(supplier.data.payment_methods)
      ? supplier.data.payment_methods.filter((m): m is number => typeof m === 'number')
      : undefined;
    const approved = await creditApprovedSuppliers(q, buyerId);
    const offered = paymentMethodsFor({ creditApproved: approved.has(order.supplier_id), onlyVirtualItems: false, listed });
    if (!offered.includes(order.payment_method)) {
      problems.push({ kind: 'payment_not_allowed', supplier_id: order.supplier_id, payment_method: order.payment_method });
    }
  }
  if (!shippingMethodsFor(order.address).some((m) => m.method_code === order.shipping_method_code)) {
    problems.push({ kind: 'shipping_method_unknown', shipping_method_code: order.shipping_method_code });
  }
  return problems;
}
