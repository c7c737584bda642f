import type { AppDatabase } from '../database';

/**
 * Session lost (SPEC §4 Token lifecycle: refresh failed, silent logout "clears untransmitted
 * tasks"). Orders are not tasks: an untransmitted order is never dropped. Returns how many went.
 */
export async function dropUntransmittedSyncTasks(db: AppDatabase): Promise<number> {
  const removed = await db.sync_tasks.find({ selector: { transmited: false } }).remove();
  return removed.length;
}
