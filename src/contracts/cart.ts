import { z } from 'zod';
import { CART_COMMENT_MAX, CART_QTY_MAX, STOCK_BATCH_SIZE } from '../domain/cart/rules';
import { boundedRecord, boundedText } from './bounds';
import { citySchema, optionalText100, personNameSchema, phoneSchema, postcodeSchema, requiredText100 } from './fields';
import { M } from './messages';

/**
 * The cart on the wire (docs/product-rules.md §7 "Orders and cart"; docs/decisions/018-cart.md): one cart
 * per customer and buyer on the bridge. Lines and per-supplier choices replicate as documents
 * (`/api/bridge/buyer/cart/v1/<lines|suppliers>/pull|push`, RxDB's pull/push protocol); the other calls
 * answer totals, payment and shipping methods, coupons and stock. Every call names its buyer (`buyer_id`).
 */

export const MAX_EPOCH_MS = 8_640_000_000_000_000;
export const epochMs = z.number().int().min(0).max(MAX_EPOCH_MS);
export const cents = z.number().int().min(0).max(2_000_000_000);
export const docId = (max = 64) =>
  boundedText(max).pipe(
    z
      .string()
      .min(1)
      .regex(/^[A-Za-z0-9._:-]+$/, M.invalidRequest),
  );

export const CART_MAX_LINES = 500;
export const CART_PUSH_MAX = 100;
export const CART_PULL_MAX = 500;

export const cartLineDocSchema = z.strictObject({
  /** Made on the device (crypto.randomUUID()), so a line can be created offline. */
  id: docId(),
  sku: docId(),
  parent_sku: docId().optional(),
  supplier_id: docId(),
  qty: z.number().int().min(1, M.invalidRequest).max(CART_QTY_MAX),
  /** Unit price excluding VAT the buyer last saw, in cents. */
  price: cents,
  /** VAT rate in percent the buyer last saw. */
  tax_rate: z.number().min(0).max(100),
  name: boundedText(400),
  image: boundedText(400).optional(),
  type_id: z.enum(['simple', 'configurable', 'bundle', 'grouped']),
  /** Chosen options (product_option.extension_attributes), bounded. */
  options: boundedRecord().optional(),
  updated_at: epochMs,
  _deleted: z.boolean(),
});
export type CartLineDoc = z.output<typeof cartLineDocSchema>;

export const cartSupplierDocSchema = z.strictObject({
  supplier_id: docId(),
  payment_method: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
  comment: boundedText(CART_COMMENT_MAX, M.cartCommentTooLong),
  excluded: z.boolean(),
  updated_at: epochMs,
  _deleted: z.boolean(),
});
export type CartSupplierDoc = z.output<typeof cartSupplierDocSchema>;

/** The position in one cart's change stream. */
export const cartCheckpointSchema = z.strictObject({ seq: z.number().int().min(0), id: boundedText(64) });
export type CartCheckpoint = z.output<typeof cartCheckpointSchema>;

const QUERY_RULE = 'after and limit must be whole numbers';
/** A pull by sequence number: documents after `after`, at most `limit` (1..max) of them. */
export const seqPullQuerySchema = (max: number) =>
  z.object({
    buyer_id: boundedText(64).optional(),
    after: z
      .string({ error: QUERY_RULE })
      .regex(/^\d{1,15}$/, QUERY_RULE)
      .default('0')
      .transform(Number),
    limit: z
      .string({ error: QUERY_RULE })
      .regex(/^\d{1,3}$/, QUERY_RULE)
      .default(String(max))
      .transform(Number)
      .refine((n) => n >= 1 && n <= max, QUERY_RULE),
  });
export const cartPullQuerySchema = seqPullQuerySchema(CART_PULL_MAX);

export const cartPullResultSchema = <D extends z.ZodType>(doc: D) =>
  z.object({ documents: z.array(doc), checkpoint: z.object({ seq: z.number().int().min(0) }) });

export const cartPushBodySchema = <D extends z.ZodType>(doc: D) =>
  z.strictObject({
    buyer_id: boundedText(64).optional(),
    rows: z.array(z.strictObject({ newDocumentState: doc, assumedMasterState: doc.optional() })).max(CART_PUSH_MAX),
  });

/** A push answers the bridge's state of every row it refused (a conflict), as RxDB expects. */
export const cartPushResultSchema = <D extends z.ZodType>(doc: D) => z.object({ conflicts: z.array(doc) });

export const couponBodySchema = z.strictObject({
  buyer_id: boundedText(64).optional(),
  coupon: boundedText(32).pipe(z.string().trim().min(1, M.required)),
});

export const cartTotalsSchema = z.object({
  subtotal: z.number().int(),
  subtotal_incl_tax: z.number().int(),
  shipping: z.number().int(),
  shipping_incl_tax: z.number().int(),
  payment: z.number().int(),
  discount: z.number().int(),
  grand_total: z.number().int(),
  /** The coupon applied to these totals; null when none is, or the one kept on the cart does not apply now. */
  coupon: z.string().nullable(),
  /** The coupon kept on the cart and still valid, so the device can compute the same discount offline. */
  coupon_rule: z
    .object({
      code: z.string(),
      kind: z.enum(['percent', 'fixed']),
      value: z.number().int(),
      supplier_id: z.string().nullable(),
      min_subtotal_incl_tax: z.number().int().nullable(),
    })
    .nullable(),
  suppliers: z.array(
    z.object({
      supplier_id: z.string(),
      subtotal: z.number().int(),
      subtotal_incl_tax: z.number().int(),
      minimum_order: z.number().int(),
      missing_for_minimum: z.number().int(),
    }),
  ),
  /** What the totals were computed from (docs/product-rules.md §4 cart hash). */
  hash: z.string(),
});
export type CartTotalsResult = z.output<typeof cartTotalsSchema>;

export const paymentMethodsResultSchema = z.array(
  z.object({ supplier_id: z.string(), methods: z.array(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])) }),
);

export const shippingMethodSchema = z.object({
  method_code: z.string(),
  carrier_code: z.string(),
  method_title: z.string(),
  amount: z.number().int(),
  price_incl_tax: z.number().int(),
  default: z.boolean(),
});

export const stockQuerySchema = z.object({
  buyer_id: boundedText(64).optional(),
  skus: boundedText(15 * 65)
    .transform((text) => [...new Set(text.split(',').filter((s) => s !== ''))])
    .pipe(z.array(docId()).min(1, M.required).max(STOCK_BATCH_SIZE, `At most ${STOCK_BATCH_SIZE} skus per request`)),
});

export const stockItemSchema = z.object({
  sku: z.string(),
  qty: z.number().int(),
  is_in_stock: z.boolean(),
  manage_stock: z.boolean(),
  status: z.enum(['ok', 'volatile', 'out_of_stock']),
});
export const stockResultSchema = z.array(stockItemSchema);
export type StockItem = z.output<typeof stockItemSchema>;

export const cartUpdateBodySchema = z.strictObject({
  buyer_id: boundedText(64).optional(),
  cartItem: cartLineDocSchema,
  /** The quantity the device last saw on the bridge; absent for a line the device never sent. */
  base_qty: z.number().int().min(0).max(CART_QTY_MAX).optional(),
});

export const cartDeleteBodySchema = z.strictObject({
  buyer_id: boundedText(64).optional(),
  cartItem: z.strictObject({ id: docId(), updated_at: epochMs }),
});

export const wholeCartSchema = z.object({
  lines: z.array(cartLineDocSchema),
  suppliers: z.array(cartSupplierDocSchema),
  coupon: z.string().nullable(),
});

/**
 * A delivery address as the checkout sends it for shipping methods and shipping information. The marketplace
 * delivers in Greece: an empty country is Greece (the default tax country) and no other is accepted.
 */
export const shippingAddressSchema = z.strictObject({
  firstname: personNameSchema,
  lastname: personNameSchema,
  company: optionalText100,
  street: z.array(requiredText100).min(1, M.required).max(2, M.invalidRequest),
  city: citySchema,
  postcode: postcodeSchema,
  region: optionalText100,
  country_id: z
    .literal(['GR', ''], { error: M.addressInvalid })
    .optional()
    .transform(() => 'GR' as const),
  telephone: phoneSchema,
});
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

export const shippingMethodsBodySchema = z.strictObject({
  buyer_id: boundedText(64).optional(),
  address: shippingAddressSchema,
});

export const shippingInformationBodySchema = z.strictObject({
  buyer_id: boundedText(64).optional(),
  addressInformation: z.strictObject({
    shipping_address: shippingAddressSchema,
    shipping_method_code: docId(),
    shipping_carrier_code: docId(),
  }),
});

/** What shipping information answers: the totals with the chosen method and the payment methods per supplier. */
export const shippingInformationResultSchema = z.object({
  totals: cartTotalsSchema,
  payment_methods: paymentMethodsResultSchema,
});
