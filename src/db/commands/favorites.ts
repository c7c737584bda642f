import type { AppDatabase } from '../database';
import type { FavoriteDoc } from '../schema/favorites';

/** A product as a favourite names it: the buyer whose list it joins, its sku and its supplier. */
export interface FavoriteTarget {
  buyerId: string;
  sku: string;
  supplierId: string;
}

const keyOf = (buyerId: string, sku: string) => `${buyerId}|${sku}`;

/**
 * Marks or unmarks a product as a favourite of the buyer (works offline; the replication takes it to the
 * bridge, decision 022). Returns whether it is a favourite now. A removal first stamps the time, so that
 * when two devices disagree the later change wins.
 */
export async function setFavorite(db: AppDatabase, target: FavoriteTarget, favorite: boolean, now: number): Promise<boolean> {
  const existing = await db.favorites.findOne(keyOf(target.buyerId, target.sku)).exec();
  if (!favorite) {
    if (!existing) return false;
    const stamped = await existing.incrementalPatch({ updated_at: Math.max(now, existing.updated_at + 1) });
    await stamped.incrementalRemove();
    return false;
  }
  if (existing) return true;
  const doc: FavoriteDoc = {
    key: keyOf(target.buyerId, target.sku),
    buyer_id: target.buyerId,
    sku: target.sku,
    supplier_id: target.supplierId,
    favorite_since: now,
    updated_at: now,
  };
  await db.favorites.incrementalUpsert(doc);
  return true;
}
