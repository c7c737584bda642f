import { filter, map, tap, type Observable } from 'rxjs';
import type { RxCollection } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { SYNC_COLLECTIONS, SYNC_MAX_BATCH, type SyncCheckpoint, type SyncCollection } from '../contracts/sync';
import type { AppDatabase } from '../db/database';
import type { BridgeClient } from './bridge-client';
import { catalogPullHandler, type CatalogDocs, type PulledPage } from './catalog-pull';
import { concerns, type LiveEvent } from './live-events';

export interface CatalogReplicationOptions {
  db: AppDatabase;
  client: BridgeClient;
  /** The bridge's origin: part of each replicationIdentifier, so another bridge never reuses a checkpoint. */
  bridgeId: string;
  /** Live events of the bridge (SSE); without them the collections pull once per start and on reSync(). */
  live$?: Observable<LiveEvent>;
  /** Told about every pulled page (the first-sync status). */
  onPage?: (page: PulledPage) => void;
  /**
   * Told when a collection has pulled everything the bridge had AND RxDB has written it to the local
   * collection (the replication went idle after a caught-up page without an error): the moment to mark it
   * ready. onPage comes earlier, before the page is stored.
   */
  onCaughtUp?: (collection: SyncCollection) => void;
  onError?: (collection: SyncCollection, error: unknown) => void;
  /** Documents per pull; default 1000 (IndexedDB cost is per transaction, not per document). */
  batchSize?: number;
  /** Wait before a failed pull is tried again; default 5 s (an `online` event skips the wait). */
  retryTime?: number;
  /** Only the leader tab replicates (default true); the others see the data through the shared IndexedDB. */
  waitForLeadership?: boolean;
}

export type CatalogReplicationStates = { [C in SyncCollection]: RxReplicationState<CatalogDocs[C], SyncCheckpoint> };

export interface CatalogReplication {
  states: CatalogReplicationStates;
  /** Pulls these collections (default all) from their checkpoints now. */
  reSync(collections?: readonly SyncCollection[]): void;
  /** Resolves once every collection has pulled everything the bridge had (only in the leader, only online). */
  awaitInSync(): Promise<void>;
  stop(): Promise<void>;
}

/** Bump when the local shape of a collection changes incompatibly: a new identifier downloads it again. */
const REPLICATION_VERSION = 'v1';

export function catalogReplicationIdentifier(collection: SyncCollection, bridgeId: string): string {
  return `catalog-${collection}-${REPLICATION_VERSION}-${bridgeId}`;
}

function replicateOne<C extends SyncCollection>(collection: C, options: CatalogReplicationOptions): RxReplicationState<CatalogDocs[C], SyncCheckpoint> {
  const target = options.db.collections[collection] as unknown as RxCollection<CatalogDocs[C]>;
  // Set by a caught-up page, cleared by any error before the replication goes idle (a failed write).
  let caughtUpPending = false;
  const handler = catalogPullHandler(options.client, collection, (page) => {
    if (page.caughtUp) caughtUpPending = true;
    options.onPage?.(page);
  });
  const stream$ = options.live$?.pipe(
    filter((event) => concerns(event, collection)),
    // The bridge changed: a page fetched ahead may predate the change.
    tap(() => handler.discardPrefetch()),
    map(() => 'RESYNC' as const),
  );
  const state = replicateRxCollection<CatalogDocs[C], SyncCheckpoint>({
    replicationIdentifier: catalogReplicationIdentifier(collection, options.bridgeId),
    collection: target,
    pull: {
      handler,
      batchSize: options.batchSize ?? SYNC_MAX_BATCH,
      stream$,
    },
    live: true,
    retryTime: options.retryTime ?? 5000,
    waitForLeadership: options.waitForLeadership ?? true,
    // A warehouse PC may keep the shop in a hidden tab: the catalogue must keep following the bridge.
    toggleOnDocumentVisible: false,
    autoStart: true,
  });
  // Offline or a bridge hiccup: RxDB retries after retryTime; the UI keeps working from local data.
  state.error$.subscribe((error) => {
    caughtUpPending = false;
    options.onError?.(collection, error);
  });
  // RxDB turns active$ false only after the pull loop's writes (persistFromMaster) have all resolved. A
  // cancel skips the writes but completes the internal active subject first, so it never reads as idle.
  state.active$.pipe(filter((active) => !active && caughtUpPending)).subscribe(() => {
    caughtUpPending = false;
    options.onCaughtUp?.(collection);
  });
  state.canceled$.pipe(filter(Boolean)).subscribe(() => handler.discardPrefetch());
  return state;
}

/**
 * Pull-only replication of the four catalogue collections from the bridge change feed (ARCHITECTURE
 * "Replication"). Resumes from the checkpoint RxDB stored under each replicationIdentifier. Never await
 * awaitInSync() before showing the UI: it does not resolve offline or in a tab that is not the leader.
 */
export function startCatalogReplication(options: CatalogReplicationOptions): CatalogReplication {
  const states = {
    products: replicateOne('products', options),
    categories: replicateOne('categories', options),
    suppliers: replicateOne('suppliers', options),
    catalog_meta: replicateOne('catalog_meta', options),
  } satisfies CatalogReplicationStates;
  const all = (): RxReplicationState<unknown, SyncCheckpoint>[] => SYNC_COLLECTIONS.map((c) => states[c] as RxReplicationState<unknown, SyncCheckpoint>);
  return {
    states,
    reSync(collections = SYNC_COLLECTIONS) {
      for (const c of collections) states[c].reSync();
    },
    async awaitInSync() {
      await Promise.all(all().map((s) => s.awaitInSync()));
    },
    async stop() {
      await Promise.all(all().map((s) => s.cancel()));
    },
  };
}
