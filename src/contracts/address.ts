import { z } from 'zod';
import { boundedText } from './bounds';
import { epochMs } from './cart';
import { citySchema, optionalText100, personNameSchema, phoneSchema, postcodeSchema, requiredText100 } from './fields';

/**
 * A delivery address of the buyer as the address form edits it (docs/product-rules.md §5: required names,
 * street and number, a city, a 5-digit postcode that exists in Greece, a phone of at least 10 digits).
 */
export const addressFormSchema = z.object({
  alias: optionalText100,
  firstname: personNameSchema,
  lastname: personNameSchema,
  street: requiredText100,
  number: requiredText100,
  city: citySchema,
  postcode: postcodeSchema,
  region: optionalText100,
  phone: phoneSchema,
  comment: optionalText100,
  is_default: z.boolean(),
});
export type AddressFormInput = z.input<typeof addressFormSchema>;
export type AddressFormOutput = z.output<typeof addressFormSchema>;

/** A saved delivery address of the buyer as the bridge sends it (`GET /api/bridge/buyer/addresses`). */
export const addressDocSchema = z.object({
  id: z.string(),
  alias: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  street: z.string(),
  number: z.string(),
  city: z.string(),
  postcode: z.string(),
  region: z.string(),
  phone: z.string(),
  comment: z.string(),
  is_default: z.boolean(),
  updated_at: z.number().int(),
});
export type AddressWireDoc = z.output<typeof addressDocSchema>;
/** The most addresses a buyer keeps; the list is answered whole. */
export const ADDRESSES_MAX = 100;

/**
 * Saving an address on the bridge (`PUT /api/bridge/buyer/addresses/:id?buyer_id=…`): the form and when the
 * device saved it. The id is made on the device, so a resend of the same save changes nothing; of two saves
 * of one address the later one (by `updated_at`) stays.
 */
export const addressSaveBodySchema = z.strictObject({
  buyer_id: boundedText(64).optional(),
  address: addressFormSchema,
  updated_at: epochMs,
});
export type AddressSaveBody = z.input<typeof addressSaveBodySchema>;
export const addressIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
