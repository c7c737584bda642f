import { z } from 'zod';

/**
 * A tax rule as the catalogue sends it (catalog_meta documents of type `tax_rule`): the product and customer
 * tax classes it covers and its rates, one per country and optional region. Numbers may arrive as strings
 * from an import, so they are coerced. The storefront reads rules with this schema (a rule that does not
 * parse is skipped) and the bridge's demo seed is typed by it, so both sides agree on the shape that
 * src/domain/tax.ts computes with.
 */
export const taxRateSchema = z.object({
  rate: z.coerce.number().min(0).max(100),
  tax_country_id: z.string().min(2).max(2),
  tax_region_id: z.coerce.number().int().nullish(),
  region_name: z.string().max(100).nullish(),
});

export const taxRuleSchema = z.object({
  id: z.union([z.number().int(), z.string().max(64)]),
  product_tax_class_ids: z.array(z.coerce.number().int()).max(100),
  customer_tax_class_ids: z.array(z.coerce.number().int()).max(100).optional(),
  priority: z.coerce.number().int().optional(),
  position: z.coerce.number().int().optional(),
  rates: z.array(taxRateSchema).max(500),
});
export type TaxRuleDocument = z.output<typeof taxRuleSchema>;
