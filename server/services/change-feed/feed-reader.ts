import { SYNC_PRIMARY_KEYS, type SyncCheckpoint, type SyncCollection } from '../../../src/contracts/sync';
import type { Queryable } from '../../db/client';
import { loadCatalogMetaDocuments, loadCategoryDocuments, loadSupplierDocuments } from './catalog-documents';
import { loadProductDocuments } from './product-documents';

export type FeedDocument = Record<string, unknown> & { _deleted: boolean };
/** `remaining`: feed entries above the returned checkpoint (the storefront's first-sync progress total). */
export type FeedPage = { documents: FeedDocument[]; checkpoint: SyncCheckpoint; remaining: number };

type Loader = (q: Queryable, keys: readonly string[], nowMs: number) => Promise<Map<string, object>>;

const LOADERS: Record<SyncCollection, Loader> = {
  products: loadProductDocuments,
  categories: (q, keys) => loadCategoryDocuments(q, keys),
  suppliers: (q, keys) => loadSupplierDocuments(q, keys),
  catalog_meta: (q, keys) => loadCatalogMetaDocuments(q, keys),
};

/**
 * One page of a collection's feed: the documents whose seq is above `after`, in seq order, at most `limit`.
 * The feed row is read first and the source row after it, so a document is never older than its seq; a
 * key whose source row is gone or no longer listed becomes a tombstone. Seqs of one feed become visible
 * in commit order (advisory lock in 020-change-feed.sql), so `seq > checkpoint` never skips a row.
 */
export async function readFeedPage(q: Queryable, collection: SyncCollection, after: number, limit: number, nowMs: number): Promise<FeedPage> {
  // seq is bigint: node-postgres returns it as a string, PGlite as a number; text keeps both the same. The
  // alias differs from the column so that ORDER BY sorts numbers, not their text. count(*) over () counts
  // every entry above `after` before the limit: the remaining count in the same statement (and snapshot)
  // instead of a second query per page.
  const entries = await q.query<{ doc_key: string; seq_text: string; above: string }>(
    'select doc_key, seq::text as seq_text, count(*) over ()::text as above from catalog_feed where feed = $1 and seq > $2 order by seq limit $3',
    [collection, after, limit],
  );
  if (entries.length === 0) return { documents: [], checkpoint: { seq: after }, remaining: 0 };
  const keys = entries.map((e) => e.doc_key);
  const docs = await LOADERS[collection](q, keys, nowMs);
  const primaryKey = SYNC_PRIMARY_KEYS[collection];
  const documents = entries.map((entry): FeedDocument => {
    const doc = docs.get(entry.doc_key);
    return doc ? { ...doc, _deleted: false } : { [primaryKey]: entry.doc_key, _deleted: true };
  });
  const last = entries[entries.length - 1];
  return { documents, checkpoint: { seq: last ? Number(last.seq_text) : after }, remaining: Number(entries[0]?.above ?? 0) - entries.length };
}

/** The newest seq of each feed (0 for an empty feed): what a live-update poller compares against. */
export async function feedHeads(q: Queryable): Promise<Record<SyncCollection, number>> {
  const rows = await q.query<{ feed: SyncCollection; head: string }>('select feed, max(seq)::text as head from catalog_feed group by feed');
  const heads: Record<SyncCollection, number> = { products: 0, categories: 0, suppliers: 0, catalog_meta: 0 };
  for (const row of rows) heads[row.feed] = Number(row.head);
  return heads;
}
