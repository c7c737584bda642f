import { map, type Observable } from 'rxjs';
import type { AppDatabase } from '../database';

/** Where a task of the outbox stands: gone (done), waiting, or refused by the bridge (with its reason). */
export type SyncTaskState = { state: 'done' } | { state: 'waiting' } | { state: 'refused'; code: number; description: string };

/** Refusals that are not about the call itself: the session, a timeout, too many calls. The task is sent again. */
export const RETRYABLE_4XX: ReadonlySet<number> = new Set([401, 408, 429]);

export async function syncTaskState(db: AppDatabase, taskId: string): Promise<SyncTaskState> {
  const task = await db.sync_tasks.findOne(taskId).exec();
  if (!task || task.transmited) return { state: 'done' };
  const code = task.code ?? 0;
  if (code >= 400 && code < 500 && !RETRYABLE_4XX.has(code)) {
    const description = task.meta?.['description'];
    return { state: 'refused', code, description: typeof description === 'string' ? description : '' };
  }
  return { state: 'waiting' };
}

/** What the outbox still holds for one person at one buyer (the control panel): waiting, and refused by the bridge. */
export interface OutboxSummary {
  waiting: number;
  refused: number;
}

export function observeOutboxSummary(db: AppDatabase, customerId: string, buyerId: string): Observable<OutboxSummary> {
  return db.sync_tasks.find({ selector: { customer_id: customerId, buyer_id: buyerId, transmited: false } }).$.pipe(
    map((docs) => {
      let refused = 0;
      for (const doc of docs) {
        const code = doc.code ?? 0;
        if (code >= 400 && code < 500 && !RETRYABLE_4XX.has(code)) refused += 1;
      }
      return { waiting: docs.length - refused, refused };
    }),
  );
}
