import { z } from 'zod';
import { boundedText } from './bounds';
import { epochMs } from './cart';
import { afmSchema, citySchema, companyNameSchema, postcodeSchema, requiredText100 } from './fields';

/**
 * The buyer's billing details (docs/product-rules.md §5): what invoices are issued to. The company name, a
 * 9-digit tax number (AFM) with a valid check digit, the tax office and the invoicing address.
 */
export const billingFormSchema = z.object({
  company: companyNameSchema,
  afm: afmSchema,
  tax_office: requiredText100,
  street: requiredText100,
  city: citySchema,
  postcode: postcodeSchema,
});
export type BillingFormInput = z.input<typeof billingFormSchema>;
export type BillingDetails = z.output<typeof billingFormSchema>;

/** The billing details as the bridge answers them; `updated_at` 0 when nobody has edited them yet. */
export const billingDocSchema = z.object({
  company: z.string(),
  afm: z.string(),
  tax_office: z.string(),
  street: z.string(),
  city: z.string(),
  postcode: z.string(),
  updated_at: z.number().int(),
});
export type BillingWireDoc = z.output<typeof billingDocSchema>;

/** `PUT /api/bridge/buyer/billing?buyer_id=…`: the details and when the device saved them (the later save stays). */
export const billingSaveBodySchema = z.strictObject({
  buyer_id: boundedText(64).optional(),
  billing: billingFormSchema,
  updated_at: epochMs,
});
