import { z } from 'zod';
import { map, type Observable } from 'rxjs';
import type { RecentlyViewedEntry } from '../../domain/recently-viewed';
import type { AppDatabase } from '../database';

/** The account document holding a customer's recently viewed products (kind "settings"). */
export function recentlyViewedKey(customerId: string): string {
  return `recently_viewed:${customerId}`;
}

const listSchema = z.object({ items: z.array(z.object({ sku: z.string().min(1), viewed_at: z.number() })) });

export function parseRecentlyViewed(data: unknown): RecentlyViewedEntry[] {
  const parsed = listSchema.safeParse(data);
  return parsed.success ? parsed.data.items : [];
}

/** The customer's recently viewed list as stored, newest first; [] when there is none yet. */
export function observeRecentlyViewed(db: AppDatabase, customerId: string): Observable<RecentlyViewedEntry[]> {
  return db.account.findOne(recentlyViewedKey(customerId)).$.pipe(map((doc) => (doc ? parseRecentlyViewed(doc.toMutableJSON().data) : [])));
}
