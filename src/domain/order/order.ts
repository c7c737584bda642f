import jsSha3 from 'js-sha3';
import { canonicalJson } from '../cart/canonical';
import type { PaymentMethodId } from '../cart/rules';
import { computeCartTotals, DEFAULT_SHIPPING, missingForMinimum, type ShippingCharge } from '../cart/totals';
import type { Cents } from '../money';

/**
 * Order placement (docs/product-rules.md §4.10). A cart becomes one order per supplier that is not left out.
 * An order's hash is SHA3-224 over the canonical JSON of what the buyer orders (buyer, supplier, lines,
 * payment, comment, delivery): the device ignores a second placement of the same content, and the bridge
 * refuses an order whose hash does not match its content. The order's id, made on the device, is the
 * bridge's idempotency key: sent twice, it is stored once and answered the same way.
 */

export interface OrderLine {
  /** The cart line the order came from; the bridge drops these lines from its cart when it stores the order. */
  line_id: string;
  sku: string;
  name: string;
  qty: number;
  /** Unit price excluding VAT that the buyer saw and accepted, in cents. */
  price: Cents;
  tax_rate: number;
  type_id: 'simple' | 'configurable' | 'bundle' | 'grouped';
  parent_sku?: string | undefined;
  options?: Record<string, unknown> | undefined;
}

export interface OrderAddress {
  firstname: string;
  lastname: string;
  company?: string | undefined;
  street: string[];
  city: string;
  postcode: string;
  region?: string | undefined;
  country_id: 'GR';
  telephone: string;
}

/** Who the invoice is issued to (docs/product-rules.md §5 billing details). */
export interface OrderBilling {
  company: string;
  afm: string;
  tax_office: string;
  street: string;
  city: string;
  postcode: string;
}

/** What the buyer orders from one supplier: everything the hash covers. */
export interface OrderContent {
  buyer_id: string;
  supplier_id: string;
  lines: OrderLine[];
  payment_method: PaymentMethodId;
  comment: string;
  address: OrderAddress;
  shipping_method_code: string;
  billing?: OrderBilling | undefined;
}

/** The lines in a fixed order, so the same goods hash the same whatever order the cart listed them in. */
export function normalisedContent(content: OrderContent): OrderContent {
  const lines = [...content.lines].sort((a, b) => (a.line_id < b.line_id ? -1 : a.line_id > b.line_id ? 1 : 0));
  return { ...content, lines };
}

/** SHA3-224 (hex, 56 characters) of the order's canonical content. */
export function orderHash(content: OrderContent): string {
  // js-sha3 is CommonJS: Node's ESM loader offers only its default export.
  return jsSha3.sha3_224(canonicalJson(normalisedContent(content)));
}

export interface OrderTotals {
  subtotal: Cents;
  subtotal_incl_tax: Cents;
  shipping: Cents;
  shipping_incl_tax: Cents;
  grand_total: Cents;
}

/** One supplier's order totals, by the cart's own totals function (so the cart and the order agree to the cent). */
export function orderTotals(
  lines: readonly Pick<OrderLine, 'qty' | 'price' | 'tax_rate'>[],
  shipping: ShippingCharge = DEFAULT_SHIPPING,
): OrderTotals {
  const totals = computeCartTotals({
    lines: lines.map((l) => ({ supplierId: 'order', qty: l.qty, price: l.price, taxRate: l.tax_rate })),
    shippingPerSupplier: shipping,
  });
  return {
    subtotal: totals.subtotal,
    subtotal_incl_tax: totals.subtotal_incl_tax,
    shipping: totals.shipping,
    shipping_incl_tax: totals.shipping_incl_tax,
    grand_total: totals.grand_total,
  };
}

/** A cart line as order placement needs it. */
export interface CartLineForOrder extends OrderLine {
  supplier_id: string;
}

export interface SupplierChoice {
  supplier_id: string;
  payment_method?: PaymentMethodId | undefined;
  comment: string;
  excluded: boolean;
}

export type OrderSplitProblem =
  { kind: 'minimum_not_reached'; supplier_id: string; missing: Cents } | { kind: 'payment_method_missing'; supplier_id: string };

/**
 * The orders a cart makes: one per supplier with lines that is not excluded, in the order the suppliers first
 * appear in the cart. A supplier below its minimum order (excl. VAT) or without a payment method is a problem,
 * and no order is made while any problem remains (docs/product-rules.md §5.7).
 */
export function ordersFromCart(input: {
  buyerId: string;
  lines: readonly CartLineForOrder[];
  choices: readonly SupplierChoice[];
  minimumOf: (supplierId: string) => Cents;
  address: OrderAddress;
  shippingMethodCode: string;
  billing?: OrderBilling | undefined;
}): { orders: OrderContent[]; problems: OrderSplitProblem[] } {
  const choiceOf = new Map(input.choices.map((c) => [c.supplier_id, c]));
  const bySupplier = new Map<string, OrderLine[]>();
  for (const line of input.lines) {
    if (choiceOf.get(line.supplier_id)?.excluded) continue;
    const { supplier_id: supplierId, ...orderLine } = line;
    bySupplier.set(supplierId, [...(bySupplier.get(supplierId) ?? []), orderLine]);
  }
  const orders: OrderContent[] = [];
  const problems: OrderSplitProblem[] = [];
  for (const [supplierId, lines] of bySupplier) {
    const choice = choiceOf.get(supplierId);
    const missing = missingForMinimum(orderTotals(lines).subtotal, input.minimumOf(supplierId));
    if (missing > 0) problems.push({ kind: 'minimum_not_reached', supplier_id: supplierId, missing });
    if (!choice?.payment_method) {
      problems.push({ kind: 'payment_method_missing', supplier_id: supplierId });
      continue;
    }
    orders.push(
      normalisedContent({
        buyer_id: input.buyerId,
        supplier_id: supplierId,
        lines,
        payment_method: choice.payment_method,
        comment: choice.comment,
        address: input.address,
        shipping_method_code: input.shippingMethodCode,
        ...(input.billing ? { billing: input.billing } : {}),
      }),
    );
  }
  return problems.length > 0 ? { orders: [], problems } : { orders, problems };
}
