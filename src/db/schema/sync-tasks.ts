import type { RxJsonSchema } from 'rxdb';
import { boolField, epochMsField, idField, intField, openObjectField, textField, type OpenObject } from './fields';

export type SyncTaskMethod = 'POST' | 'PUT' | 'DELETE';

/**
 * A one-off bridge call queued while offline (docs/product-rules.md §3 Sync task, §4 Sync task queue): profile
 * update, credit term request, …. Created with transmited false; completion stores code, result, meta.
 */
export interface SyncTaskDoc {
  id: string;
  buyer_id: string;
  customer_id: string;
  /** What the task does for the buyer, e.g. "profile_update", "credit_term_request". */
  kind: string;
  method: SyncTaskMethod;
  /** The docs/product-rules.md §7 path, without the /api/ prefix. */
  path: string;
  body?: OpenObject;
  transmited: boolean;
  transmited_at?: number;
  created_at: number;
  updated_at: number;
  attempts: number;
  code?: number;
  /** The bridge's result; a scalar result is stored as { value }. */
  result?: OpenObject;
  meta?: OpenObject;
  /** Keep the result after completion (docs/product-rules.md §4: "a cacheable result is kept, otherwise removed"). */
  cacheable?: boolean;
}

export const syncTaskSchema: RxJsonSchema<SyncTaskDoc> = {
  title: 'sync_tasks',
  description: 'Queued one-off bridge calls (outbox)',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField(),
    buyer_id: idField(),
    customer_id: textField,
    kind: { type: 'string', maxLength: 64 },
    method: { type: 'string', enum: ['POST', 'PUT', 'DELETE'] },
    path: textField,
    body: openObjectField,
    transmited: boolField,
    transmited_at: epochMsField,
    created_at: epochMsField,
    updated_at: epochMsField,
    attempts: intField(0, 1_000_000),
    code: { type: 'integer' },
    result: openObjectField,
    meta: openObjectField,
    cacheable: boolField,
  },
  required: ['id', 'buyer_id', 'customer_id', 'kind', 'method', 'path', 'transmited', 'created_at', 'updated_at', 'attempts'],
  indexes: [
    ['transmited', 'created_at'],
    ['buyer_id', 'created_at'],
  ],
};
