import { z } from 'zod';
import { M } from './messages';

/**
 * Bounds every contract applies to what a client sends, so that no input reaches the database in a form
 * it refuses with an error (a 5xx) instead of the bridge refusing it first (a 400):
 * - text never holds U+0000: PostgreSQL text cannot store it ("invalid byte sequence"), and no form can type it;
 * - a number meant for an `integer` column stays within int4;
 * - a free-form JSON field (`unknown`) has a bounded depth and size.
 */

export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

export const hasNul = (value: string): boolean => value.includes('\u0000');

/** A string without NUL; `message` is the text shown when it has one (default: the generic invalid request). */
export function noNul<S extends z.ZodType<string>>(schema: S, message: string = M.invalidRequest) {
  return schema.refine((value) => !hasNul(value), { message });
}

/** A string of at most `max` characters, without NUL. */
export const boundedText = (max: number, message: string = M.invalidRequest) => noNul(z.string().max(max, message), message);

/** A whole number that fits an `integer` column. */
export const int4 = () => z.number().int().min(INT4_MIN).max(INT4_MAX);

export type JsonBounds = { depth: number; nodes: number; stringLength: number };

/**
 * Checks a JSON value iteratively (no recursion, so a hostile depth cannot exhaust the stack): at most
 * `depth` levels of objects and arrays, `nodes` values in all, strings (keys too) of at most
 * `stringLength` characters without NUL. Returns what is wrong, or null.
 */
export function jsonBoundsProblem(value: unknown, bounds: JsonBounds): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop() as { value: unknown; depth: number };
    nodes += 1;
    if (nodes > bounds.nodes) return 'too many values';
    if (typeof v === 'string') {
      if (v.length > bounds.stringLength) return 'string too long';
      if (hasNul(v)) return 'NUL in a string';
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= bounds.depth) return 'nested too deeply';
    if (Array.isArray(v)) {
      for (const item of v) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(v)) {
      if (key.length > bounds.stringLength || hasNul(key)) return 'bad key';
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}

/** `z.unknown()` with bounds: a free-form value the bridge accepts but never needs deep or large. */
export const boundedJson = (bounds: JsonBounds = { depth: 4, nodes: 200, stringLength: 400 }) =>
  z.unknown().refine((value) => jsonBoundsProblem(value, bounds) === null, { message: M.invalidRequest });

/** A `record<string, unknown>` with the same bounds over the whole object. */
export const boundedRecord = (bounds: JsonBounds = { depth: 4, nodes: 200, stringLength: 400 }) =>
  z.record(z.string(), z.unknown()).refine((value) => jsonBoundsProblem(value, bounds) === null, { message: M.invalidRequest });
