import { SYNC_PRIMARY_KEYS, syncPullMetaSchema, syncPullResultSchema, type SyncCollection } from '../contracts/sync';
import type { CatalogDocOf } from '../db/commands/apply-catalog-changes';
import type { BridgeClient } from './bridge-client';

/** The local document type of each replicated catalogue collection. */
export type CatalogDocs = { [C in SyncCollection]: CatalogDocOf<C> };

/**
 * meta of a pull (src/contracts/sync.ts). Optional here so that an older bridge without it still
 * replicates (the progress bar then shows no total).
 */
export const catalogPullMetaSchema = syncPullMetaSchema.partial().optional();

/** What one pull brought, for the first-sync progress bar. */
export interface PulledPage {
  collection: SyncCollection;
  /** Feed entries in the page: changed documents and removals. */
  documents: number;
  /** Feed entries still waiting on the bridge; undefined when the bridge does not say. */
  remaining: number | undefined;
  /** Fewer entries than asked for (or none remaining): the collection is caught up. */
  caughtUp: boolean;
  /** The feed seq this page reached. */
  checkpoint: number;
}

/** One page of a collection's change feed, in the local shape. */
export interface FetchedPage<C extends SyncCollection> extends PulledPage {
  /** Documents the bridge lists, as the local collection stores them. */
  upserts: CatalogDocs[C][];
  /** Primary keys the bridge no longer lists (deleted, disabled or hidden). */
  removals: string[];
}

type WireDoc = Record<string, unknown> & { _deleted: boolean };

/** A listed wire document as the RxDB collection stores it. */
export function toLocalDoc<C extends SyncCollection>(collection: C, wire: WireDoc): CatalogDocs[C] {
  // The wire document passed the contract (syncPullResultSchema), whose shapes the local schemas follow.
  const { _deleted: _, ...doc } = wire;
  // Products index barcode, and indexed fields cannot be absent: '' means "no barcode" locally.
  if (collection === 'products' && doc.barcode === undefined) doc.barcode = '';
  return doc as unknown as CatalogDocs[C];
}

export function syncPullPath(collection: SyncCollection, after: number, limit: number): string {
  return `/api/sync/v1/${collection}?after=${after}&limit=${limit}`;
}

/**
 * `GET /api/sync/v1/<collection>?after=&limit=` over the bridge client (token, refresh, 426 →
 * update-required), every document checked against the contract, split into upserts and removals.
 */
export async function fetchCatalogPage<C extends SyncCollection>(client: BridgeClient, collection: C, after: number, limit: number): Promise<FetchedPage<C>> {
  const answer = await client.request({ path: syncPullPath(collection, after, limit), result: syncPullResultSchema(collection), meta: catalogPullMetaSchema });
  const wire = answer.result.documents as WireDoc[];
  const key = SYNC_PRIMARY_KEYS[collection];
  const upserts: CatalogDocs[C][] = [];
  const removals: string[] = [];
  for (const doc of wire) {
    if (doc._deleted) removals.push(String(doc[key]));
    else upserts.push(toLocalDoc(collection, doc));
  }
  const remaining = answer.meta?.remaining;
  return {
    collection,
    upserts,
    removals,
    documents: wire.length,
    remaining,
    caughtUp: wire.length < limit || remaining === 0,
    checkpoint: answer.result.checkpoint.seq,
  };
}

/** Pages of one feed, fetched ahead of the consumer. */
export interface PageStream<P> {
  /** The next page in feed order; null after the caught-up page; throws the fetch error once the pages before it were taken. */
  next(): Promise<P | null>;
  /** The pages that have already arrived, without waiting (to be written together with the one from next()). */
  takeArrived(): P[];
  /** Stops fetching; a request under way is left to finish and its answer dropped. */
  close(): void;
}

/**
 * Reads a feed from `after` one page after the other (each request needs the previous page's checkpoint),
 * keeping up to `depth` pages ahead of the consumer: the bridge and the network work while IndexedDB
 * writes. Stops after a caught-up page or a failed request.
 */
export function readFeedAhead<P extends { caughtUp: boolean; checkpoint: number }>(fetchPage: (after: number) => Promise<P>, after: number, depth: number): PageStream<P> {
  const arrived: P[] = [];
  let failure: { error: unknown } | null = null;
  let ended = false;
  let closed = false;
  let wakeConsumer: (() => void) | null = null;
  let wakeProducer: (() => void) | null = null;
  const signalConsumer = (): void => {
    wakeConsumer?.();
    wakeConsumer = null;
  };
  const signalProducer = (): void => {
    wakeProducer?.();
    wakeProducer = null;
  };

  void (async () => {
    let from = after;
    try {
      while (!closed) {
        if (arrived.length >= depth) {
          await new Promise<void>((resolve) => (wakeProducer = resolve));
          continue;
        }
        const page = await fetchPage(from);
        if (closed) return;
        arrived.push(page);
        signalConsumer();
        if (page.caughtUp) break;
        from = page.checkpoint;
      }
    } catch (error) {
      failure = { error };
    } finally {
      ended = true;
      signalConsumer();
    }
  })();

  return {
    async next() {
      while (arrived.length === 0) {
        if (failure) throw failure.error;
        if (ended || closed) return null;
        await new Promise<void>((resolve) => (wakeConsumer = resolve));
      }
      const page = arrived.shift() ?? null;
      signalProducer();
      return page;
    },
    takeArrived() {
      const pages = arrived.splice(0);
      signalProducer();
      return pages;
    },
    close() {
      closed = true;
      signalProducer();
      signalConsumer();
    },
  };
}
