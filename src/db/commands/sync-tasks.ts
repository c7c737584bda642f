import type { AppDatabase } from '../database';
import type { SyncTaskDoc, SyncTaskMethod } from '../schema/sync-tasks';
import type { OpenObject } from '../schema/fields';

export interface SyncTaskInput {
  customerId: string;
  buyerId: string;
  /** What the task does, e.g. "address_save", "billing_save". */
  kind: string;
  method: SyncTaskMethod;
  /** The bridge path without the /api/ prefix, e.g. "bridge/buyer/addresses/<id>". */
  path: string;
  body: OpenObject;
}

/**
 * Queues a bridge call made offline or online alike (the outbox, docs/decisions/021-buyer-data-outbox.md).
 * A save that replaces the whole of something (PUT) replaces the same call still waiting, so editing an
 * address three times offline sends one save; the waiting call keeps its id and its place in the queue.
 */
export async function queueSyncTask(
  db: AppDatabase,
  input: SyncTaskInput,
  now: number,
  newId = () => crypto.randomUUID(),
): Promise<SyncTaskDoc> {
  if (input.method === 'PUT') {
    const waiting = await db.sync_tasks
      .findOne({ selector: { customer_id: input.customerId, buyer_id: input.buyerId, method: 'PUT', path: input.path, transmited: false } })
      .exec();
    if (waiting) {
      const { code: _code, meta: _meta, ...rest } = waiting.toMutableJSON();
      const replaced: SyncTaskDoc = { ...rest, body: structuredClone(input.body), updated_at: now, attempts: 0 };
      await db.sync_tasks.upsert(replaced);
      return replaced;
    }
  }
  const doc: SyncTaskDoc = {
    id: newId(),
    buyer_id: input.buyerId,
    customer_id: input.customerId,
    kind: input.kind,
    method: input.method,
    path: input.path,
    body: structuredClone(input.body),
    transmited: false,
    created_at: now,
    updated_at: now,
    attempts: 0,
  };
  await db.sync_tasks.insert(doc);
  return doc;
}
