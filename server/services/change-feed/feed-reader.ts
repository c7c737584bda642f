import {
  SYNC_DOCUMENT_SCHEMAS,
  SYNC_PRIMARY_KEYS,
  type CompactProduct,
  type SyncCheckpoint,
  type SyncCollection,
} from '../../../src/contracts/sync';
import type { Queryable } from '../../db/client';
import { ResponseContractError } from '../../http/app-error';
import { loadCatalogMetaDocuments, loadCategoryDocuments, loadSupplierDocuments } from './catalog-documents';
import { loadProductDocuments, nextPriceChange } from './product-documents';

export type FeedDocument = Record<string, unknown> & { _deleted: boolean };
/** `remaining`: feed entries above the returned checkpoint (the storefront's first-sync progress total). */
export type FeedPage = { documents: FeedDocument[]; checkpoint: SyncCheckpoint; remaining: number };
/**
 * A feed page whose documents are already serialised, each checked against the contract when it was built;
 * `ahead`: when asked for, the checkpoints of the following full pages (src/contracts/sync.ts meta).
 */
export type SerialisedFeedPage = {
  /** The page's documents as JSON texts joined by commas, in feed order: the inside of the answer's array. */
  documentsJson: string;
  /** How many documents (entries of the feed) the page holds. */
  count: number;
  checkpoint: SyncCheckpoint;
  remaining: number;
  ahead?: number[];
  /** Epoch ms at which a document of the page changes by the clock alone (a price window); null: none does. */
  validUntil: number | null;
};

type Loader = (q: Queryable, keys: readonly string[], nowMs: number) => Promise<Map<string, object>>;

const LOADERS: Record<SyncCollection, Loader> = {
  products: loadProductDocuments,
  categories: (q, keys) => loadCategoryDocuments(q, keys),
  suppliers: (q, keys) => loadSupplierDocuments(q, keys),
  catalog_meta: (q, keys) => loadCatalogMetaDocuments(q, keys),
};

/** Until when a built document stays right (epoch ms); null: until its source changes. */
function validUntil(collection: SyncCollection, doc: object | undefined, nowMs: number): number | null {
  if (collection !== 'products' || doc === undefined) return null;
  return nextPriceChange(doc as CompactProduct, nowMs) ?? null;
}

interface FeedEntry {
  doc_key: string;
  seq_text: string;
  above: string;
  doc: string | null;
  /** Epoch ms (as text: bigint) until which the stored document stays right; null: until its source changes. */
  valid_until: string | null;
}

/**
 * One page of feed entries with their stored documents. seq is bigint: node-postgres returns it as a string,
 * PGlite as a number; text keeps both the same.
 *
 * The count of every entry above `after` is a scalar subquery of the same statement (and snapshot), an
 * index-only count; a window count over the page's query fetched each remaining row (the 77 pages of the
 * 100,000-product feed: 1.9–2.4 s with it, 1.5–1.6 s with this).
 *
 * The page is cut in the subquery, and each of its entries looks its stored document up by primary key in a
 * lateral subquery (`offset 0` keeps the planner from turning it back into a join): a plan that does not depend
 * on statistics. A join left the choice to the planner, which, on a stored-documents table last analysed while
 * nearly empty (a fresh database during its first sync), scanned and sorted every stored document of the feed
 * for each page: 17 s instead of 1.8 s for the 77 pages of the 100,000-product bench database.
 *
 * FEED_PAGE_ENTRIES is the page's entries (`p`) with the stored document of each (`d`), shared by both reads.
 */
const FEED_PAGE_ENTRIES = `
  from (
    select doc_key, seq, seq::text as seq_text,
      (select count(*) from catalog_feed c where c.feed = $1 and c.seq > $2)::text as above
    from catalog_feed where feed = $1 and seq > $2 order by seq limit $3
  ) p
  left join lateral (
    select d.doc, d.valid_until from catalog_feed_docs d
    where d.feed = $1 and d.doc_key = p.doc_key and d.seq = p.seq and (d.valid_until is null or d.valid_until > $4)
    offset 0
  ) d on true`;

export const FEED_PAGE_SQL = `select p.doc_key, p.seq_text, p.above, d.doc, d.valid_until::text as valid_until${FEED_PAGE_ENTRIES}
  order by p.seq`;

/**
 * The same page in one row, its stored documents already joined in feed order (`string_agg`, which skips entries
 * without one: `stored` < `entries` then, and the page is read again entry by entry to build those). One string
 * instead of a thousand rows: PGlite hands its results across threads and node-postgres parses each row, so a page of
 * 1,000 products came out of the database about 30 % faster this way (decision 037).
 */
export const FEED_PAGE_JOINED_SQL = `select count(*)::int as entries, count(d.doc)::int as stored,
    max(p.seq)::text as last_seq, max(p.above) as above, min(d.valid_until)::text as valid_until,
    coalesce(string_agg(d.doc, ',' order by p.seq), '') as docs${FEED_PAGE_ENTRIES}`;

interface JoinedFeedPage {
  entries: number;
  stored: number;
  last_seq: string | null;
  above: string | null;
  valid_until: string | null;
  docs: string;
}

/**
 * One page of a collection's feed as serialised documents: those whose seq is above `after`, in seq order,
 * at most `limit`. The feed row is read first and the source row after it, so a document is never older than
 * its seq; a key whose source row is gone or no longer listed becomes a tombstone. Seqs of one feed become
 * visible in commit order (advisory lock in 020-change-feed.sql), so `seq > checkpoint` never skips a row.
 *
 * Documents come from catalog_feed_docs when one was stored for the entry's current seq (and, for prices
 * that depend on the clock, is still valid); the others are built from the source tables, checked against
 * the contract, and stored for the next pull (040-feed-docs.sql).
 */
export async function readSerialisedFeedPage(
  q: Queryable,
  collection: SyncCollection,
  after: number,
  limit: number,
  nowMs: number,
  ahead = 0,
): Promise<SerialisedFeedPage> {
  const [joined] = await q.query<JoinedFeedPage>(FEED_PAGE_JOINED_SQL, [collection, after, limit, nowMs]);
  if (!joined || joined.entries === 0) return { documentsJson: '', count: 0, checkpoint: { seq: after }, remaining: 0, validUntil: null };
  if (joined.stored === joined.entries) {
    const checkpoint = Number(joined.last_seq);
    const remaining = Number(joined.above ?? 0) - joined.entries;
    const page: SerialisedFeedPage = {
      documentsJson: joined.docs,
      count: joined.entries,
      checkpoint: { seq: checkpoint },
      remaining,
      validUntil: joined.valid_until === null ? null : Number(joined.valid_until),
    };
    if (ahead > 0 && remaining > limit) page.ahead = await pageEnds(q, collection, checkpoint, limit, ahead);
    return page;
  }
  return readEntryByEntry(q, collection, after, limit, nowMs, ahead);
}

/** readSerialisedFeedPage for a page with documents still to build: entry by entry, building those. */
async function readEntryByEntry(
  q: Queryable,
  collection: SyncCollection,
  after: number,
  limit: number,
  nowMs: number,
  ahead: number,
): Promise<SerialisedFeedPage> {
  const entries = await q.query<FeedEntry>(FEED_PAGE_SQL, [collection, after, limit, nowMs]);
  if (entries.length === 0) return { documentsJson: '', count: 0, checkpoint: { seq: after }, remaining: 0, validUntil: null };
  const missing = entries.filter((e) => e.doc === null);
  const built = missing.length === 0 ? new Map<string, BuiltDocument>() : await buildDocuments(q, collection, missing, nowMs);
  let validUntil: number | null = null;
  const documents = entries.map((entry) => {
    const until =
      entry.doc === null ? (built.get(entry.doc_key)?.validUntil ?? null) : entry.valid_until === null ? null : Number(entry.valid_until);
    if (until !== null) validUntil = validUntil === null ? until : Math.min(validUntil, until);
    return entry.doc ?? built.get(entry.doc_key)?.text ?? '';
  });
  const last = entries[entries.length - 1];
  const checkpoint = last ? Number(last.seq_text) : after;
  const remaining = Number(entries[0]?.above ?? 0) - entries.length;
  const page: SerialisedFeedPage = {
    documentsJson: documents.join(','),
    count: documents.length,
    checkpoint: { seq: checkpoint },
    remaining,
    validUntil,
  };
  if (ahead > 0 && remaining > limit) page.ahead = await pageEnds(q, collection, checkpoint, limit, ahead);
  return page;
}

/** The seqs every `limit`-th entry above `after` has: where the following full pages end, at most `count`. */
async function pageEnds(q: Queryable, collection: SyncCollection, after: number, limit: number, count: number): Promise<number[]> {
  const rows = await q.query<{ seq_text: string }>(
    `select seq::text as seq_text from (
       select seq, row_number() over (order by seq) as n from catalog_feed where feed = $1 and seq > $2
     ) numbered where n % $3 = 0 order by seq limit $4`,
    [collection, after, limit, count],
  );
  return rows.map((r) => Number(r.seq_text));
}

interface BuiltDocument {
  text: string;
  validUntil: number | null;
}

/** Builds, checks and serialises the documents of `entries`, and stores them under the entries' seqs. */
async function buildDocuments(
  q: Queryable,
  collection: SyncCollection,
  entries: readonly Pick<FeedEntry, 'doc_key' | 'seq_text'>[],
  nowMs: number,
): Promise<Map<string, BuiltDocument>> {
  const docs = await LOADERS[collection](
    q,
    entries.map((e) => e.doc_key),
    nowMs,
  );
  const primaryKey = SYNC_PRIMARY_KEYS[collection];
  const schema = SYNC_DOCUMENT_SCHEMAS[collection];
  const serialised = new Map<string, BuiltDocument>();
  for (const entry of entries) {
    const doc = docs.get(entry.doc_key);
    const wire = doc ? { ...doc, _deleted: false } : { [primaryKey]: entry.doc_key, _deleted: true };
    // Documents are assembled from stored jsonb: the contract is checked here, once per build, so a pull can
    // never send what the storefront's schema would reject (a failure is a 500, as a contract error is).
    const checked = schema.safeParse(wire);
    if (!checked.success) throw new ResponseContractError(`${collection} ${entry.doc_key}: ${checked.error.message}`);
    serialised.set(entry.doc_key, { text: JSON.stringify(checked.data), validUntil: validUntil(collection, doc, nowMs) });
  }
  // A newer seq stored meanwhile (a concurrent pull after a later change) is kept.
  await q.query(
    `insert into catalog_feed_docs (feed, doc_key, seq, doc, valid_until)
     select $1, k, s, d, v from unnest($2::text[], $3::bigint[], $4::text[], $5::bigint[]) as u(k, s, d, v)
     on conflict (feed, doc_key) do update set seq = excluded.seq, doc = excluded.doc, valid_until = excluded.valid_until
     where catalog_feed_docs.seq <= excluded.seq`,
    [
      collection,
      entries.map((e) => e.doc_key),
      entries.map((e) => e.seq_text),
      entries.map((e) => serialised.get(e.doc_key)?.text ?? ''),
      entries.map((e) => serialised.get(e.doc_key)?.validUntil ?? null),
    ],
  );
  return serialised;
}

/**
 * Entries of a feed above `after` (seq order, at most `limit`) without a stored document that is right at
 * `nowMs`: never built, built for an older seq, or past its price window. Walks the feed by seq and looks each
 * entry's stored document up by key (`offset 0` keeps the planner from turning the check into an anti-join
 * that sorts or hashes every stored document of the feed, a plan that depends on statistics).
 */
const UNSTORED_SQL = `select f.doc_key, f.seq::text as seq_text from catalog_feed f
  where f.feed = $1 and f.seq > $2 and not exists (
    select 1 from catalog_feed_docs d
    where d.feed = $1 and d.doc_key = f.doc_key and d.seq = f.seq and (d.valid_until is null or d.valid_until > $3)
    offset 0
  )
  order by f.seq limit $4`;

/**
 * Builds and stores every feed document that a pull would have to build now (a catalogue just seeded or
 * imported: 100,000 products built during a buyer's first sync made it 3–4 times slower), `batch` at a
 * time; returns how many entries it built per collection. A batch that fails (a document the contract
 * rejects, a lost connection) is reported and left to the pulls, which build it as before; the walk goes on
 * with the next batch. The bridge runs it before it listens.
 */
export async function storeUnbuiltFeedDocuments(
  q: Queryable,
  nowMs: number,
  options: { batch?: number; failed?: (collection: SyncCollection, error: unknown) => void } = {},
): Promise<Record<SyncCollection, number>> {
  const batch = options.batch ?? 1000;
  const stored: Record<SyncCollection, number> = { products: 0, categories: 0, suppliers: 0, catalog_meta: 0 };
  for (const collection of Object.keys(stored) as SyncCollection[]) {
    let after = 0;
    for (;;) {
      const entries = await q.query<Pick<FeedEntry, 'doc_key' | 'seq_text'>>(UNSTORED_SQL, [collection, after, nowMs, batch]);
      if (entries.length === 0) break;
      try {
        await buildDocuments(q, collection, entries, nowMs);
        stored[collection] += entries.length;
      } catch (error) {
        options.failed?.(collection, error);
      }
      after = Number(entries[entries.length - 1]?.seq_text);
      if (entries.length < batch) break;
    }
  }
  return stored;
}

/** One page of a collection's feed as documents (tests and tools; the sync route sends the serialised page). */
export async function readFeedPage(
  q: Queryable,
  collection: SyncCollection,
  after: number,
  limit: number,
  nowMs: number,
): Promise<FeedPage> {
  const { documentsJson, count: _, ...page } = await readSerialisedFeedPage(q, collection, after, limit, nowMs);
  return { ...page, documents: JSON.parse(`[${documentsJson}]`) as FeedDocument[] };
}

/** The newest seq of each feed (0 for an empty feed): what a live-update poller compares against. */
export async function feedHeads(q: Queryable): Promise<Record<SyncCollection, number>> {
  const rows = await q.query<{ feed: SyncCollection; head: string }>('select feed, max(seq)::text as head from catalog_feed group by feed');
  const heads: Record<SyncCollection, number> = { products: 0, categories: 0, suppliers: 0, catalog_meta: 0 };
  for (const row of rows) heads[row.feed] = Number(row.head);
  return heads;
}

/** The newest seq of one feed (0 when empty): one step down its (feed, seq) index. */
export async function feedHead(q: Queryable, collection: SyncCollection): Promise<number> {
  const [row] = await q.query<{ head: string | null }>('select max(seq)::text as head from catalog_feed where feed = $1', [collection]);
  return Number(row?.head ?? 0);
}
