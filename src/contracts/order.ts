import { z } from 'zod';
import { CART_COMMENT_MAX, CART_QTY_MAX } from '../domain/cart/rules';
import { boundedRecord, boundedText } from './bounds';
import { CART_MAX_LINES, cents, docId, epochMs, seqPullQuerySchema, shippingAddressSchema } from './cart';
import { billingDocSchema, billingFormSchema } from './billing';
import { M } from './messages';

/**
 * Placing an order (docs/product-rules.md §4.10, §7 "Orders and cart"): POST /api/bridge/buyer/order with one
 * supplier's order. `order_id` is made on the device and is the bridge's idempotency key for the buyer; `hash`
 * is SHA3-224 of the content (src/domain/order/order.ts), which the bridge recomputes.
 */

export const ORDER_STATUSES = ['pending', 'pending_approval', 'accepted', 'canceled', 'closed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const paymentMethod = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export const orderLineSchema = z.strictObject({
  line_id: docId(),
  sku: docId(),
  name: boundedText(400),
  qty: z.number().int().min(1, M.invalidRequest).max(CART_QTY_MAX),
  /** Unit price excluding VAT the buyer saw and accepted, in cents. */
  price: cents,
  tax_rate: z.number().min(0).max(100),
  type_id: z.enum(['simple', 'configurable', 'bundle', 'grouped']),
  parent_sku: docId().optional(),
  options: boundedRecord().optional(),
});

export const placeOrderBodySchema = z.strictObject({
  buyer_id: boundedText(64).optional(),
  /** The buyer's saved address the delivery address came from, when it came from one. */
  selected_address_id: docId().optional(),
  order: z.strictObject({
    order_id: docId(),
    hash: z.string().regex(/^[0-9a-f]{56}$/, M.invalidRequest),
    /** When the buyer placed it on the device (it may reach the bridge days later). */
    created_at: epochMs,
    supplier_id: docId(),
    lines: z.array(orderLineSchema).min(1, M.required).max(CART_MAX_LINES, M.cartTooLarge),
    payment_method: paymentMethod,
    comment: boundedText(CART_COMMENT_MAX, M.cartCommentTooLong),
    address: shippingAddressSchema,
    shipping_method_code: docId(),
    /** Who the invoice is issued to; without it, the buyer's billing details on the bridge. */
    billing: billingFormSchema.optional(),
  }),
});
export type PlaceOrderBody = z.output<typeof placeOrderBodySchema>;

export const orderTotalsSchema = z.object({
  subtotal: z.number().int(),
  subtotal_incl_tax: z.number().int(),
  shipping: z.number().int(),
  shipping_incl_tax: z.number().int(),
  grand_total: z.number().int(),
});

/** The confirmation of a stored order; a repeat of the same order_id gets the same confirmation. */
export const orderConfirmationSchema = z.object({
  order_id: z.string(),
  backend_order_id: z.string(),
  hash: z.string(),
  status: z.enum(ORDER_STATUSES),
  supplier_id: z.string(),
  payment_method: paymentMethod,
  /** When the bridge stored it, epoch ms. */
  received_at: z.number().int(),
  totals: orderTotalsSchema,
});
export type OrderConfirmation = z.output<typeof orderConfirmationSchema>;

/** Why the bridge cannot take an order as it is (answered with 422; the buyer fixes the order and sends it again). */
export const orderProblemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('price_changed'),
    line_id: z.string(),
    sku: z.string(),
    old_price: z.number().int(),
    new_price: z.number().int(),
    old_tax_rate: z.number(),
    new_tax_rate: z.number(),
  }),
  z.object({ kind: z.literal('out_of_stock'), line_id: z.string(), sku: z.string(), available: z.number().int() }),
  z.object({ kind: z.literal('product_unavailable'), line_id: z.string(), sku: z.string() }),
  z.object({ kind: z.literal('supplier_unavailable'), supplier_id: z.string() }),
  z.object({ kind: z.literal('minimum_not_reached'), supplier_id: z.string(), missing: z.number().int() }),
  z.object({ kind: z.literal('payment_not_allowed'), supplier_id: z.string(), payment_method: paymentMethod }),
  z.object({ kind: z.literal('shipping_method_unknown'), shipping_method_code: z.string() }),
]);
export type OrderProblem = z.output<typeof orderProblemSchema>;

/** The problems of a refusal as this contract reads them; unknown or malformed ones are left out. */
export function parseOrderProblems(raw: readonly unknown[]): OrderProblem[] {
  return raw.flatMap((p) => {
    const parsed = orderProblemSchema.safeParse(p);
    return parsed.success ? [parsed.data] : [];
  });
}

export const orderRejectionMetaSchema = z.object({ problems: z.array(orderProblemSchema).min(1) });

/** The buyer's orders as the storefront pulls them (history and live status), in bridge change order. */
export const ORDER_PULL_MAX = 200;

export const orderDocSchema = z.object({
  order_id: z.string(),
  buyer_id: z.string(),
  customer_id: z.string(),
  /** Who placed it, for the super user's "by user" filter. */
  customer_name: z.string(),
  hash: z.string(),
  backend_order_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  supplier_id: z.string(),
  supplier_name: z.string(),
  payment_method: paymentMethod,
  placed_at: z.number().int(),
  received_at: z.number().int(),
  updated_at: z.number().int(),
  totals: orderTotalsSchema,
  lines: z.array(orderLineSchema),
  comment: z.string(),
  address: shippingAddressSchema,
  shipping_method_code: z.string(),
  selected_address_id: z.string().nullable(),
  /** Who the invoice is issued to, when the order named it (else the buyer's billing details on the bridge). */
  billing: billingDocSchema.omit({ updated_at: true }).nullable(),
});
export type OrderWireDoc = z.output<typeof orderDocSchema>;

export const orderPullQuerySchema = seqPullQuerySchema(ORDER_PULL_MAX);

export const orderPullResultSchema = z.object({
  documents: z.array(orderDocSchema),
  checkpoint: z.object({ seq: z.number().int().min(0) }),
});

/** An administrator (or a supplier's service desk acting through one) moves an order on. */
export const orderStatusBodySchema = z.strictObject({ status: z.enum(ORDER_STATUSES) });
export const orderIdParamsSchema = z.object({ backendOrderId: z.string().regex(/^\d{1,15}$/, M.notFound) });
