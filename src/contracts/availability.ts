import { z } from 'zod';
import { addressIdSchema } from './address';
import { boundedText } from './bounds';
import { CART_MAX_LINES, cartTotalsSchema, docId, paymentMethodsResultSchema } from './cart';
import { orderProblemSchema } from './order';

/**
 * docs/product-rules.md §7 "Orders and cart": what can be delivered where, when the delivery address changes.
 *
 * - `GET /api/client/buyers/:buyer_id/order/check-product-availability?order_id=…&new_address_id=…` (or
 *   `selected_shipping_address_id`): an order of the buyer checked against today's catalogue and that address
 *   (the order's own when none is named), line by line, e.g. before ordering it again.
 * - `GET /api/client/buyers/:buyer_id/cart/switch-address?current_address_id=…&new_address_id=…`, and `POST` with
 *   `cartItems` (line ids) to check only those: the cart is delivered to another of the buyer's addresses from now
 *   on; the answer holds the totals, payment methods and what cannot be delivered there as it is.
 */

export const availabilityQuerySchema = z
  .strictObject({
    buyer_id: boundedText(64).optional(),
    order_id: docId(),
    new_address_id: addressIdSchema.optional(),
    selected_shipping_address_id: addressIdSchema.optional(),
  })
  .transform(({ new_address_id: newId, selected_shipping_address_id: selectedId, ...rest }) => ({
    ...rest,
    address_id: newId ?? selectedId,
  }));

export const lineAvailabilitySchema = z.object({
  line_id: z.string(),
  sku: z.string(),
  qty: z.number().int(),
  /** yes: as ordered; partly: up to `max_qty`; no: cannot be ordered (gone, out of stock, supplier closed). */
  available: z.enum(['yes', 'partly', 'no']),
  max_qty: z.number().int().nullable(),
});
export type LineAvailability = z.output<typeof lineAvailabilitySchema>;

export const availabilityResultSchema = z.object({
  order_id: z.string(),
  /** The address checked: one of the buyer's saved addresses, null for the order's own. */
  address_id: z.string().nullable(),
  /** Whether a shipping method serves the address. */
  deliverable: z.boolean(),
  lines: z.array(lineAvailabilitySchema),
  problems: z.array(orderProblemSchema),
});
export type AvailabilityResult = z.output<typeof availabilityResultSchema>;

export const switchAddressQuerySchema = z.strictObject({
  buyer_id: boundedText(64).optional(),
  current_address_id: addressIdSchema.optional(),
  new_address_id: addressIdSchema,
});

export const switchAddressBodySchema = z.strictObject({
  buyer_id: boundedText(64).optional(),
  current_address_id: addressIdSchema.optional(),
  new_address_id: addressIdSchema,
  /** Only these cart lines are checked (ids); all when absent. */
  cartItems: z.array(docId()).max(CART_MAX_LINES).optional(),
});

export const switchAddressResultSchema = z.object({
  address_id: z.string(),
  totals: cartTotalsSchema,
  payment_methods: paymentMethodsResultSchema,
  /** What cannot be delivered to the new address as it is: products gone or short of stock, closed suppliers. */
  problems: z.array(orderProblemSchema),
});
export type SwitchAddressResult = z.output<typeof switchAddressResultSchema>;
