import { z } from 'zod';
import { boundedText } from './bounds';
import { docId } from './cart';
import { optionalText400 } from './fields';

/**
 * The buyer's requests (docs/product-rules.md §7 "Buyer administration"): a wholesale price for a product, more
 * suppliers on the marketplace, access to a locked supplier. Made on the device, offline too; `request_id` is
 * made there and is the bridge's idempotency key for the buyer, so a request sent twice is stored once.
 *
 * - `POST /api/bridge/buyer/requests/wholesale-price` `{buyer_id, request_id, path, supplier_id, sku, message?}`
 * - `POST /api/bridge/buyer/requests/add-suppliers` `{buyer_id, request_id, message?}`
 * - `POST /api/bridge/buyer/requests/locked-supplier` `{buyer_id, request_id, supplier_id, type, message?}`
 * - `GET /api/bridge/buyer/requests?buyer_id=` the latest 100
 */

/** The id the device made for a request: the bridge's idempotency key per buyer. */
export const requestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const common = { buyer_id: boundedText(64).optional(), request_id: requestIdSchema, message: optionalText400 };

export const wholesalePriceRequestSchema = z.strictObject({
  ...common,
  /** The product page the request was made on (a path of this storefront). */
  path: z
    .string()
    .max(400)
    .regex(/^\/[^\s\\]*$/),
  supplier_id: docId(),
  sku: docId(),
});

export const addSuppliersRequestSchema = z.strictObject(common);

export const LOCKED_SUPPLIER_REQUEST_TYPES = ['access'] as const;
export const lockedSupplierRequestSchema = z.strictObject({
  ...common,
  supplier_id: docId(),
  type: z.enum(LOCKED_SUPPLIER_REQUEST_TYPES),
});

export const BUYER_REQUEST_KINDS = ['wholesale_price', 'add_suppliers', 'locked_supplier'] as const;
export type BuyerRequestKind = (typeof BUYER_REQUEST_KINDS)[number];

/** What the bridge answers: the stored request (the first one, for a repeat). */
export const buyerRequestResultSchema = z.object({
  request_id: z.string(),
  kind: z.enum(BUYER_REQUEST_KINDS),
  received_at: z.number().int(),
});
export type BuyerRequestResult = z.output<typeof buyerRequestResultSchema>;

/** `GET /api/bridge/buyer/requests`: the customer's requests for the buyer (a super user: everyone's), newest first. */
export const buyerRequestDocSchema = buyerRequestResultSchema.extend({
  customer_id: z.string(),
  supplier_id: z.string().nullable(),
  sku: z.string().nullable(),
  message: z.string(),
});
export type BuyerRequestDoc = z.output<typeof buyerRequestDocSchema>;
export const BUYER_REQUESTS_LISTED = 100;
