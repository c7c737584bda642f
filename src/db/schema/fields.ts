import type { JsonSchema } from 'rxdb';

/**
 * Field definitions shared by the collection schemas. Dexie storage indexes only fields that are
 * `required`; indexed strings and primary keys need `maxLength`, indexed numbers need
 * `minimum`/`maximum`/`multipleOf` (RxDB pads them into fixed-width index strings).
 */

/** Documents whose shape the bridge owns and may extend without a schema version (docs/product-rules.md §3 lists). */
export type OpenObject = Record<string, unknown>;

export const ID_MAX = 64;
export const SKU_MAX = 100;
export const SLUG_MAX = 200;
export const URL_PATH_MAX = 400;

/** Epoch milliseconds up to the year 2286: 13 digits keep the index strings short. */
export const EPOCH_MS_MAX = 9_999_999_999_999;
/** Integer cents up to ten billion euros. */
export const CENTS_MAX = 1_000_000_000_000;

export function idField(maxLength = ID_MAX): JsonSchema {
  return { type: 'string', minLength: 1, maxLength };
}

/** An indexed string that may be empty ('' means "none", because indexed fields cannot be absent). */
export function keyField(maxLength: number): JsonSchema {
  return { type: 'string', maxLength };
}

export const epochMsField: JsonSchema = { type: 'integer', minimum: 0, maximum: EPOCH_MS_MAX, multipleOf: 1 };
export const centsField: JsonSchema = { type: 'integer', minimum: 0, maximum: CENTS_MAX, multipleOf: 1 };
export const textField: JsonSchema = { type: 'string' };
export const boolField: JsonSchema = { type: 'boolean' };
export const openObjectField: JsonSchema = { type: 'object', additionalProperties: true };
export const openObjectListField: JsonSchema = {
  type: 'array',
  items: { type: 'object', additionalProperties: true },
};
export const stringListField: JsonSchema = { type: 'array', items: { type: 'string', maxLength: ID_MAX } };

export function intField(minimum: number, maximum: number): JsonSchema {
  return { type: 'integer', minimum, maximum, multipleOf: 1 };
}
