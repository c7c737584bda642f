import { systemClock, type Clock } from '../../domain/clock';
import { recordRecentlyViewed, type RecentlyViewedEntry } from '../../domain/recently-viewed';
import type { AppDatabase } from '../database';
import { parseRecentlyViewed, recentlyViewedKey } from '../queries/product-recently-viewed';

/**
 * Puts `sku` first in the customer's recently viewed list (docs/product-rules.md §9: newest first, no duplicates).
 * It is per customer and local to the device; logout clears it with the other account documents.
 * incrementalModify keeps two quick views (two tabs) of an existing list from overwriting each other.
 */
export async function recordRecentlyViewedProduct(
  db: AppDatabase,
  customerId: string,
  sku: string,
  clock: Clock = systemClock,
): Promise<RecentlyViewedEntry[]> {
  const key = recentlyViewedKey(customerId);
  const now = clock.now();
  const doc = await db.account.findOne(key).exec();
  if (!doc) {
    const items = recordRecentlyViewed([], sku, now);
    await db.account.incrementalUpsert({ key, kind: 'settings', customer_id: customerId, buyer_id: '', data: { items }, updated_at: now });
    return items;
  }
  const updated = await doc.incrementalModify((data) => {
    const items = recordRecentlyViewed(parseRecentlyViewed(data.data), sku, now);
    return { ...data, data: { items }, updated_at: now };
  });
  return parseRecentlyViewed(updated.toMutableJSON().data);
}
