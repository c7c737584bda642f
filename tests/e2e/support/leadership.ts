import type { Page } from '@playwright/test';

/** src/replication/sync-leadership.ts SYNC_LEADER_LOCK. */
const SYNC_LEADER_LOCK = 'storefront-sync-leader';

/** Whether this tab waits for the sync leadership that another tab holds. */
export function waitsForLeadership(page: Page): Promise<boolean> {
  return page.evaluate(
    async (name) => ((await navigator.locks.query()).pending ?? []).some((lock) => lock.name === name),
    SYNC_LEADER_LOCK,
  );
}
