import { SYNC_PRIMARY_KEYS, syncPullMetaSchema, syncPullResultSchema, type SyncCheckpoint, type SyncCollection } from '../contracts/sync';
import type { CatalogMetaDoc } from '../db/schema/catalog-meta';
import type { CategoryDoc } from '../db/schema/categories';
import type { ProductDoc } from '../db/schema/products';
import type { SupplierDoc } from '../db/schema/suppliers';
import type { BridgeClient } from './bridge-client';

/** The local document type of each replicated catalogue collection. */
export interface CatalogDocs {
  products: ProductDoc;
  categories: CategoryDoc;
  suppliers: SupplierDoc;
  catalog_meta: CatalogMetaDoc;
}

export type LocalDoc<C extends SyncCollection> = CatalogDocs[C] & { _deleted: boolean };

/**
 * meta of a pull (src/contracts/sync.ts). Optional here so that an older bridge without it still
 * replicates (the progress bar then shows no total).
 */
export const catalogPullMetaSchema = syncPullMetaSchema.partial().optional();

/** What one pull brought, for the first-sync progress bar. */
export interface PulledPage {
  collection: SyncCollection;
  documents: number;
  /** Feed entries still waiting on the bridge; undefined when the bridge does not say. */
  remaining: number | undefined;
  /** RxDB's rule: fewer documents than asked for means the collection is caught up. */
  caughtUp: boolean;
  /** The feed seq this page reached. */
  checkpoint: number;
}

/*
 * RxDB stores a tombstone as a full document, and the schema validator and the Dexie indexes check it like
 * any other: the wire tombstone ({key, _deleted}) is filled with neutral values that satisfy the schema.
 * Nothing reads a deleted document, so the values only have to be valid.
 */
const TOMBSTONE_FILL: { [C in SyncCollection]: (key: string) => CatalogDocs[C] } = {
  products: (sku) => ({
    sku,
    id: sku,
    parent_sku: '',
    name: '',
    name_az: '',
    type_id: 'simple',
    status: 2,
    visibility: 1,
    tax_class_id: 0,
    supplier_id: '-',
    supplier_name: '',
    barcode: '',
    category_ids: [],
    url_key: '',
    slug: '',
    price: 0,
    final_price: 0,
    qty: 0,
    is_in_stock: false,
    manage_stock: false,
    updated_at: 0,
  }),
  categories: (id) => ({
    id,
    parent_id: '',
    parent_ids: [],
    name: '',
    slug: '',
    url_path: '',
    path: '',
    level: 0,
    position: 0,
    is_active: false,
    product_count: 0,
    children_count: 0,
    updated_at: 0,
  }),
  suppliers: (id) => ({ id, name: '', name_az: '', slug: '', status: 'inactive', minimum_order: 0, activation_date: 0, updated_at: 0 }),
  catalog_meta: (key) => ({ key, type: 'store_config', id: key, data: {}, updated_at: 0 }),
};

type WireDoc = Record<string, unknown> & { _deleted: boolean };

/** A wire document as the RxDB collection stores it. */
export function toLocalDoc<C extends SyncCollection>(collection: C, wire: WireDoc): LocalDoc<C> {
  if (wire._deleted) {
    const key = String(wire[SYNC_PRIMARY_KEYS[collection]]);
    return { ...TOMBSTONE_FILL[collection](key), _deleted: true };
  }
  // The wire document passed the contract (syncPullResultSchema), whose shapes the local schemas follow.
  // Products index barcode, and indexed fields cannot be absent: '' means "no barcode" locally.
  const doc = collection === 'products' && wire.barcode === undefined ? { ...wire, barcode: '' } : wire;
  return doc as unknown as LocalDoc<C>;
}

export function syncPullPath(collection: SyncCollection, after: number, limit: number): string {
  return `/api/sync/v1/${collection}?after=${after}&limit=${limit}`;
}

/** The RxDB pull handler of one collection, plus a way to drop the page it fetched ahead. */
export interface CatalogPullHandler<C extends SyncCollection> {
  (checkpoint: SyncCheckpoint | undefined, batchSize: number): Promise<{ documents: LocalDoc<C>[]; checkpoint: SyncCheckpoint }>;
  /** Forgets the page fetched ahead (a live change or a stop makes it possibly stale). */
  discardPrefetch(): void;
}

/**
 * The RxDB pull handler of one collection: `(checkpoint, batchSize) → {documents, checkpoint}` over the
 * bridge client (token, refresh, 426 → update-required), every document checked against the contract.
 *
 * Pipelined: before returning a page that is not the last, it asks for the next one (`after=` the new
 * checkpoint), so the bridge prepares page n+1 while RxDB stores page n. The next call uses that request
 * only if it asks for exactly that checkpoint and batch size; a failed prefetch fails that call (and RxDB
 * retries it as usual), never earlier. At most one request is ahead.
 */
export function catalogPullHandler<C extends SyncCollection>(client: BridgeClient, collection: C, onPage: (page: PulledPage) => void): CatalogPullHandler<C> {
  const result = syncPullResultSchema(collection);
  const fetchPage = (after: number, limit: number) => client.request({ path: syncPullPath(collection, after, limit), result, meta: catalogPullMetaSchema });
  type PullAnswer = ReturnType<typeof fetchPage>;
  let ahead: { after: number; limit: number; answer: PullAnswer } | null = null;

  const takeOrFetch = (after: number, limit: number): PullAnswer => {
    const reusable = ahead !== null && ahead.after === after && ahead.limit === limit ? ahead.answer : null;
    ahead = null;
    return reusable ?? fetchPage(after, limit);
  };
  const prefetch = (after: number, limit: number): void => {
    const answer = fetchPage(after, limit);
    // Observed here only so that an unused failed prefetch is not an unhandled rejection; a call that
    // takes it awaits the same promise and gets the error.
    answer.catch((error: unknown) => console.debug(`prefetch of ${collection} after ${after} failed`, error));
    ahead = { after, limit, answer };
  };

  const handler = async (checkpoint: SyncCheckpoint | undefined, batchSize: number) => {
    const after = checkpoint?.seq ?? 0;
    const answer = await takeOrFetch(after, batchSize);
    const wire = answer.result.documents as WireDoc[];
    const documents = wire.map((doc) => toLocalDoc(collection, doc));
    const remaining = answer.meta?.remaining;
    const caughtUp = documents.length < batchSize || remaining === 0;
    const next = answer.result.checkpoint;
    if (!caughtUp) prefetch(next.seq, batchSize);
    onPage({ collection, documents: documents.length, remaining, caughtUp, checkpoint: next.seq });
    return { documents, checkpoint: next };
  };
  return Object.assign(handler, {
    discardPrefetch() {
      ahead = null;
    },
  });
}
