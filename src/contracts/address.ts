import { z } from 'zod';
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
