import { map, type Observable } from 'rxjs';
import type { AppDatabase } from '../database';
import type { FavoriteDoc } from '../schema/favorites';

/** The buyer's favourites, newest first (the "Latest" sort of docs/product-rules.md §9). */
export function observeFavorites(db: AppDatabase, buyerId: string): Observable<FavoriteDoc[]> {
  return db.favorites
    .find({ selector: { buyer_id: buyerId }, sort: [{ favorite_since: 'desc' }, { sku: 'asc' }] })
    .$.pipe(map((docs) => docs.map((d) => d.toJSON() as FavoriteDoc)));
}

/** The skus the buyer keeps as favourites, for the hearts on product cards and pages. */
export function observeFavoriteSkus(db: AppDatabase, buyerId: string): Observable<ReadonlySet<string>> {
  return observeFavorites(db, buyerId).pipe(map((docs) => new Set(docs.map((d) => d.sku))));
}
