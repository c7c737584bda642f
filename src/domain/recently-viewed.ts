/** How many products the recently viewed list remembers per customer; the page shows the first 8. */
export const RECENTLY_VIEWED_MAX = 20;

export interface RecentlyViewedEntry {
  sku: string;
  viewed_at: number;
}

/** docs/product-rules.md §9: newest first, no sku twice; the oldest fall off past the limit. */
export function recordRecentlyViewed(
  list: readonly RecentlyViewedEntry[],
  sku: string,
  now: number,
  max: number = RECENTLY_VIEWED_MAX,
): RecentlyViewedEntry[] {
  return [{ sku, viewed_at: now }, ...list.filter((entry) => entry.sku !== sku)].slice(0, max);
}

/** The skus to show, newest first, without the product on screen. */
export function recentlyViewedSkus(list: readonly RecentlyViewedEntry[], exceptSku: string, limit: number): string[] {
  const seen = new Set<string>([exceptSku]);
  const skus: string[] = [];
  for (const entry of [...list].sort((a, b) => b.viewed_at - a.viewed_at)) {
    if (seen.has(entry.sku)) continue;
    seen.add(entry.sku);
    skus.push(entry.sku);
    if (skus.length === limit) break;
  }
  return skus;
}
