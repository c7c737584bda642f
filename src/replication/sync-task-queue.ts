import { z } from 'zod';
import type { AppDatabase } from '../db/database';
import { RETRYABLE_4XX } from '../db/queries/sync-tasks';
import type { SyncTaskDoc } from '../db/schema/sync-tasks';
import type { BridgeClient } from './bridge-client';
import { isBridgeError, type BridgeError } from './bridge-error';

/**
 * The outbox of one-off bridge calls (docs/product-rules.md §4 "Sync task queue",
 * docs/decisions/021-buyer-data-outbox.md): the signed-in customer's waiting calls go out one at a time,
 * oldest first, each as it was queued.
 *
 * - 2xx: done. The task is removed, unless it is `cacheable` (then it stays, transmitted, with its result).
 * - 4xx other than 401, 408 and 429: the bridge refuses the call as it is. Its code and message stay on the
 *   task, which waits for the person to change it (a new save of the same thing replaces it) or delete it;
 *   the run goes on with the next.
 * - no answer, 5xx, 408, 429, or a session that cannot be renewed: the run stops; everything stays queued.
 * A task is never dropped because a token could not be refreshed: it waits for the customer's next sign-in.
 */

export interface SyncTaskRun {
  sent: number;
  refused: number;
  stoppedBy?: BridgeError;
}

/** Tasks the queue sends by itself: untransmitted and not refused by the bridge. */
export function isSendableTask(task: Pick<SyncTaskDoc, 'transmited' | 'code'>): boolean {
  return !task.transmited && (task.code === undefined || task.code < 400 || task.code >= 500 || RETRYABLE_4XX.has(task.code));
}

function withBuyer(task: SyncTaskDoc): string {
  const separator = task.path.includes('?') ? '&' : '?';
  return `/api/${task.path}${separator}buyer_id=${encodeURIComponent(task.buyer_id)}`;
}

const running = new WeakMap<AppDatabase, Promise<SyncTaskRun>>();

/** Sends the customer's waiting calls once through; a call while a run is under way joins it. */
export function sendSyncTasks(
  db: AppDatabase,
  client: BridgeClient,
  options: { customerId: string; now?: () => number; lock?: <T>(work: () => Promise<T>) => Promise<T> },
): Promise<SyncTaskRun> {
  const current = running.get(db);
  if (current) return current;
  const now = options.now ?? (() => Date.now());
  const run = async (): Promise<SyncTaskRun> => {
    const waiting = await db.sync_tasks
      .find({ selector: { customer_id: options.customerId, transmited: false }, sort: [{ created_at: 'asc' }] })
      .exec();
    const outcome: SyncTaskRun = { sent: 0, refused: 0 };
    for (const queued of waiting) {
      const task = queued.toMutableJSON();
      if (!isSendableTask(task)) continue;
      try {
        const { result } = await client.request({
          method: task.method,
          path: withBuyer(task),
          ...(task.body ? { body: task.body } : {}),
          result: z.unknown(),
        });
        const doc = await db.sync_tasks.findOne(task.id).exec();
        // Edited again while it was on its way: the newer body still has to go.
        if (doc && doc.updated_at === task.updated_at) {
          if (task.cacheable) {
            await doc.incrementalPatch({
              transmited: true,
              transmited_at: now(),
              updated_at: now(),
              code: 200,
              ...(result && typeof result === 'object' ? { result: result as Record<string, unknown> } : { result: { value: result } }),
            });
          } else await doc.remove();
        }
        outcome.sent += 1;
      } catch (error) {
        if (!isBridgeError(error)) throw error;
        const doc = await db.sync_tasks.findOne(task.id).exec();
        // A refusal speaks of the body sent, not of a newer one saved meanwhile.
        if (doc && doc.updated_at === task.updated_at)
          await doc.incrementalPatch({
            attempts: task.attempts + 1,
            ...(error.code > 0 ? { code: error.code, meta: { description: error.description, ...(error.meta ?? {}) } } : {}),
          });
        if (error.kind === 'http' && error.code >= 400 && error.code < 500 && !RETRYABLE_4XX.has(error.code)) {
          outcome.refused += 1;
          continue;
        }
        return { ...outcome, stoppedBy: error };
      }
    }
    return outcome;
  };
  const promise = (options.lock ? options.lock(run) : run()).finally(() => running.delete(db));
  running.set(db, promise);
  return promise;
}
