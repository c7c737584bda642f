import type { BulkWriteRow, RxCollection, RxDocumentData } from 'rxdb';
import type { AppCollections, AppDatabase } from '../database';
import { catchUpWithOtherTabs } from '../storage/mapped-storage';

/** The collections the bridge's change feed fills; nothing else writes to them. */
export type CatalogCollectionName = 'products' | 'categories' | 'suppliers' | 'catalog_meta';
export type CatalogDocOf<C extends CatalogCollectionName> = AppCollections[C] extends RxCollection<infer T> ? T : never;

export interface CatalogChanges<T> {
  /** Documents as the bridge has them now: new ones are inserted, stored ones replaced. */
  upserts: readonly T[];
  /** Primary keys the bridge no longer lists; a key that is not stored is skipped. */
  removals: readonly string[];
}

export interface AppliedCatalogChanges {
  inserted: number;
  updated: number;
  removed: number;
}

/** A second writer (another tab that just became leader) may win a race once; three tries is plenty. */
const MAX_ATTEMPTS = 3;

export class CatalogWriteError extends Error {
  constructor(
    readonly collection: CatalogCollectionName,
    readonly errors: readonly { status: number; documentId: string }[],
  ) {
    super(
      `${errors.length} catalogue ${collection} documents could not be stored (first: ${errors[0]?.status ?? '?'} ${errors[0]?.documentId ?? ''})`,
    );
    this.name = 'CatalogWriteError';
  }
}

/**
 * Stores one batch of the catalogue change feed. Built for the first sync, where everything is new: the
 * documents go to IndexedDB in one insert transaction, without the per-document reads that RxDB's
 * replication protocol makes (fork state, assumed master state) before it writes; measured in
 * docs/decisions/013-catalogue-pull-writes.md. Documents that are already stored are then replaced and
 * removals applied in one more write against the stored versions. `changes` must not name a key twice.
 */
export async function applyCatalogChanges<C extends CatalogCollectionName>(
  db: AppDatabase,
  name: C,
  changes: CatalogChanges<CatalogDocOf<C>>,
): Promise<AppliedCatalogChanges> {
  const collection = db.collections[name] as unknown as RxCollection<CatalogDocOf<C>>;
  const primary = collection.schema.primaryPath as keyof CatalogDocOf<C> & string;
  const keyOf = (doc: CatalogDocOf<C> | RxDocumentData<CatalogDocOf<C>>): string => String(doc[primary]);
  const applied: AppliedCatalogChanges = { inserted: 0, updated: 0, removed: 0 };
  // A new leader tab's copy may lag the old leader's last write: a removal must not be skipped for that.
  await catchUpWithOtherTabs(collection.storageInstance);

  // RxDB re-inserts a document over its own tombstone, so only live stored documents conflict here.
  const insert = changes.upserts.length === 0 ? { success: [], error: [] } : await collection.bulkInsert([...changes.upserts]);
  applied.inserted = insert.success.length;
  const failed = insert.error.filter((e) => e.status !== 409);
  if (failed.length > 0) throw new CatalogWriteError(name, failed);

  let toReplace = new Set(insert.error.map((e) => e.documentId));
  let toRemove = new Set(changes.removals);
  // A first sync ends here: everything was new and nothing is removed.
  if (toReplace.size + toRemove.size === 0) return applied;
  const byKey = new Map(changes.upserts.filter((doc) => toReplace.has(keyOf(doc))).map((doc) => [keyOf(doc), doc]));
  for (let attempt = 1; toReplace.size + toRemove.size > 0; attempt += 1) {
    const stored = await collection.storageInstance.findDocumentsById([...toReplace, ...toRemove], false);
    const storedKeys = new Set(stored.map(keyOf));
    const rows: BulkWriteRow<CatalogDocOf<C>>[] = stored.map((previous) => {
      const next = byKey.get(keyOf(previous));
      return toReplace.has(keyOf(previous)) && next
        ? {
            previous,
            document: { ...next, _deleted: false, _attachments: previous._attachments, _meta: previous._meta, _rev: previous._rev },
          }
        : { previous, document: { ...previous, _deleted: true } };
    });
    // A replaced document that vanished in between is simply inserted again.
    const reinsert = [...toReplace]
      .filter((key) => !storedKeys.has(key))
      .map((key) => byKey.get(key))
      .filter((doc) => doc !== undefined);
    const [written, reinserted] = await Promise.all([
      rows.length === 0 ? { error: [] } : collection.storageInstance.bulkWrite(rows, 'catalog-pull'),
      reinsert.length === 0 ? { success: [], error: [] } : collection.bulkInsert(reinsert),
    ]);
    applied.inserted += reinserted.success.length;
    const conflicts = [...written.error, ...reinserted.error];
    const lost = new Set(conflicts.map((e) => e.documentId));
    for (const row of rows) {
      const key = keyOf(row.previous ?? row.document);
      if (lost.has(key)) continue;
      if (row.document._deleted) applied.removed += 1;
      else applied.updated += 1;
    }
    if (conflicts.length === 0) break;
    if (attempt >= MAX_ATTEMPTS || conflicts.some((e) => e.status !== 409)) throw new CatalogWriteError(name, conflicts);
    toReplace = new Set([...lost].filter((key) => toReplace.has(key)));
    toRemove = new Set([...lost].filter((key) => toRemove.has(key)));
  }
  return applied;
}
