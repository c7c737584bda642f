import type { Queryable } from '../../db/client';
import { FAVORITES_MAX, type FavoriteWireDoc } from '../../../src/contracts/favorites';
import type { DocumentScope, Kind } from '../document-replication';

/**
 * The buyer's favourites on the bridge (docs/decisions/022-favourites.md): shared by every user of the buyer,
 * replicated by the shared push/pull protocol. A favourite names a catalogue product of the supplier it
 * claims, and a buyer keeps at most FAVORITES_MAX of them, so a client cannot grow the table with made-up
 * skus.
 */
export class FavoritesError extends Error {
  constructor(readonly code: 'unknown_product' | 'too_many') {
    super(code);
  }
}

/** Whether each favourite names a catalogue product of the supplier it claims (removals always do). */
async function namesProducts(q: Queryable, docs: readonly FavoriteWireDoc[]): Promise<boolean[]> {
  const live = docs.filter((d) => !d._deleted);
  const rows =
    live.length === 0
      ? []
      : await q.query<{ sku: string; supplier_id: number }>('select sku, supplier_id from products where sku = any($1)', [
          [...new Set(live.map((d) => d.sku))],
        ]);
  const supplierOf = new Map(rows.map((r) => [r.sku, String(r.supplier_id)]));
  return docs.map((d) => d._deleted || supplierOf.get(d.sku) === d.supplier_id);
}

/**
 * The rows of a push worth storing: a favourite of a product the catalogue no longer has (it was marked
 * offline, then the product went) is left out rather than refused, so it cannot hold back the rest of the
 * device's list for ever. The device keeps it; listings show only products they find.
 */
export async function storableRows<R extends { newDocumentState: FavoriteWireDoc }>(q: Queryable, rows: readonly R[]): Promise<R[]> {
  const known = await namesProducts(
    q,
    rows.map((r) => r.newDocumentState),
  );
  return rows.filter((_, i) => known[i]);
}

async function checkProducts(q: Queryable, docs: readonly FavoriteWireDoc[]): Promise<void> {
  if ((await namesProducts(q, docs)).includes(false)) throw new FavoritesError('unknown_product');
}

async function checkCount(q: Queryable, scope: DocumentScope): Promise<void> {
  const [row] = await q.query<{ n: number }>('select count(*)::int as n from favorites where buyer_id = $1 and not deleted', [
    scope.buyerId,
  ]);
  if ((row?.n ?? 0) > FAVORITES_MAX) throw new FavoritesError('too_many');
}

export const FAVORITES: Kind<FavoriteWireDoc> = {
  table: 'favorites',
  sequence: 'favorites_seq',
  owner: 'buyer',
  key: 'sku',
  keyOf: (doc) => doc.sku,
  columns: (doc) => ({ supplier_id: doc.supplier_id }),
  check: (q, _scope, docs) => checkProducts(q, docs),
  after: checkCount,
};
