import type { z } from 'zod';
import type { ErrorEnvelope } from '../../src/contracts/envelope';
import { ResponseContractError } from './app-error';

export type OkEnvelope<R, Meta> = { code: 200; result: R; meta?: Meta };

/**
 * Builds a success envelope after checking result (and meta) against their contracts, so a route can never
 * answer something the storefront's schema would reject.
 */
export function ok<RS extends z.ZodType, MS extends z.ZodType = z.ZodNever>(
  resultSchema: RS,
  result: z.input<RS>,
  metaSchema?: MS,
  meta?: z.input<MS>,
): OkEnvelope<z.output<RS>, z.output<MS>> {
  const r = resultSchema.safeParse(result);
  if (!r.success) throw new ResponseContractError(`result: ${r.error.message}`);
  if (!metaSchema) return { code: 200, result: r.data };
  const m = metaSchema.safeParse(meta);
  if (!m.success) throw new ResponseContractError(`meta: ${m.error.message}`);
  return { code: 200, result: r.data, meta: m.data };
}

export function errorEnvelope(code: number, description: string, meta?: Record<string, unknown>): ErrorEnvelope {
  return meta ? { code, result: null, errors: [{ description }], meta } : { code, result: null, errors: [{ description }] };
}
