import { z } from 'zod';

/**
 * The bridge envelope (docs/architecture.md §5.2): HTTP status equals `code`; body `{code, result, meta?}`;
 * errors also carry `errors: [{description}]`. `description` is the English text of docs/product-rules.md §8, which the
 * storefront translates through its Lingui catalogs.
 */
export const errorItemSchema = z.object({ description: z.string() });

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  result: z.unknown().optional(),
  errors: z.array(errorItemSchema).min(1),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function envelopeSchema<R extends z.ZodType, M extends z.ZodType = z.ZodOptional<z.ZodUnknown>>(result: R, meta?: M) {
  return z.object({
    code: z.literal(200),
    result,
    meta: (meta ?? z.unknown().optional()) as M,
  });
}

export const healthResultSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgresql']),
});
export type HealthResult = z.infer<typeof healthResultSchema>;
