import { SYNC_PRIMARY_KEYS, type SyncCollection } from '../contracts/sync';
import type { CatalogDocOf } from '../db/commands/apply-catalog-changes';
import type { BridgeClient } from './bridge-client';
import { catalogPageExchange, type CatalogPageExchange } from './catalog-page-exchange';
import { catalogPullMetaSchema, catalogPullResultSchema } from './catalog-page-job';

/** The local document type of each replicated catalogue collection. */
export type CatalogDocs = { [C in SyncCollection]: CatalogDocOf<C> };

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
  /** When asked for: the checkpoints the following full pages reach (src/contracts/sync.ts meta). */
  ahead?: number[];
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

export function syncPullPath(collection: SyncCollection, after: number, limit: number, ahead = 0): string {
  return `/api/sync/v1/${collection}?after=${after}&limit=${limit}${ahead > 0 ? `&ahead=${ahead}` : ''}`;
}

/**
 * `GET /api/sync/v1/<collection>?after=&limit=` over the bridge client (token, refresh, 426 →
 * update-required), every document checked against the contract, split into upserts and removals. The request
 * and the check run in the tab's page worker where there is one (`pages`).
 */
export async function fetchCatalogPage<C extends SyncCollection>(
  client: BridgeClient,
  collection: C,
  after: number,
  limit: number,
  ahead = 0,
  pages: CatalogPageExchange = catalogPageExchange,
): Promise<FetchedPage<C>> {
  const answer = await client.request({
    path: syncPullPath(collection, after, limit, ahead),
    result: catalogPullResultSchema(collection),
    meta: catalogPullMetaSchema,
    exchange: pages.forCollection(collection),
  });
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
    ...(answer.meta?.ahead ? { ahead: answer.meta.ahead } : {}),
  };
}

/** Pages of one feed, fetched ahead of the consumer. */
export interface PageStream<P> {
  /** The next page in feed order; null after the caught-up page; throws the fetch error once the pages before it were taken. */
  next(): Promise<P | null>;
  /** The pages that have already arrived, in order, without waiting (to be written together with the one from next()). */
  takeArrived(): P[];
  /** Stops fetching; requests under way are left to finish and their answers dropped. */
  close(): void;
}

type Settled<P> = { page: P } | { error: unknown };

/**
 * Reads a feed from `after`, keeping up to `depth` pages fetched or under way ahead of the consumer, so the
 * bridge and the network work while IndexedDB writes. Where the next page starts is known from the previous
 * page's checkpoint, or earlier from the `ahead` checkpoints a page brought (asked for whenever the page
 * fetched is the last one whose start is known): then several pages are fetched at once. Pages are handed
 * over in feed order; it stops after the first caught-up page (later ones are dropped: the next pull
 * starts from the stored checkpoint) or the first failure.
 */
export function readFeedAhead<P extends { caughtUp: boolean; checkpoint: number; ahead?: number[] }>(
  fetchPage: (after: number, askAhead: boolean) => Promise<P>,
  after: number,
  depth: number,
): PageStream<P> {
  /** afters[i]: where page i starts, as far as known. */
  const afters: number[] = [after];
  const settled: (Settled<P> | undefined)[] = [];
  let scheduled = 0;
  let delivered = 0;
  /** Index of the first caught-up or failed page: nothing after it is fetched or handed over. */
  let endAt = Infinity;
  let closed = false;
  let wakeConsumer: (() => void) | null = null;

  const signal = (): void => {
    wakeConsumer?.();
    wakeConsumer = null;
  };
  const learn = (index: number, page: P): void => {
    if (page.caughtUp) {
      endAt = Math.min(endAt, index);
      return;
    }
    // Only the last known start can be extended: a page's checkpoint is where the next one starts, and its
    // `ahead` checkpoints where the ones after that start.
    if (afters.length === index + 1) afters.push(page.checkpoint, ...(page.ahead ?? []));
  };
  const schedule = (): void => {
    while (!closed && scheduled < afters.length && scheduled <= endAt && scheduled < delivered + depth) {
      const index = scheduled;
      scheduled += 1;
      const from = afters[index] ?? 0;
      fetchPage(from, index === afters.length - 1).then(
        (page) => {
          settled[index] = { page };
          learn(index, page);
          schedule();
          signal();
        },
        (error: unknown) => {
          settled[index] = { error };
          endAt = Math.min(endAt, index);
          signal();
        },
      );
    }
  };
  schedule();

  const take = (): P | null => {
    const entry = settled[delivered];
    if (!entry) return null;
    if ('error' in entry) throw entry.error;
    settled[delivered] = undefined;
    delivered += 1;
    schedule();
    return entry.page;
  };

  return {
    async next() {
      for (;;) {
        if (closed || delivered > endAt) return null;
        const page = take();
        if (page) return page;
        await new Promise<void>((resolve) => (wakeConsumer = resolve));
      }
    },
    takeArrived() {
      const pages: P[] = [];
      for (;;) {
        const entry = settled[delivered];
        // A failure is left for next() to throw, after the pages before it were written.
        if (closed || delivered > endAt || !entry || 'error' in entry) return pages;
        const page = take();
        if (page) pages.push(page);
      }
      return pages;
    },
    close() {
      closed = true;
      signal();
    },
  };
}
