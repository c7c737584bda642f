import type { Observable, Subscription } from 'rxjs';
import { SYNC_COLLECTIONS, SYNC_MAX_AHEAD, SYNC_MAX_BATCH, type SyncCollection } from '../contracts/sync';
import { applyCatalogChanges, type CatalogChanges } from '../db/commands/apply-catalog-changes';
import { saveCatalogCheckpoint } from '../db/commands/save-catalog-checkpoint';
import type { AppDatabase } from '../db/database';
import { readCatalogCheckpoint } from '../db/queries/catalog-checkpoint';
import type { BridgeClient } from './bridge-client';
import { fetchCatalogPage, readFeedAhead, type CatalogDocs, type FetchedPage, type PulledPage } from './catalog-pull';
import { concerns, type LiveEvent } from './live-events';
import { retryDelay } from './retry-delay';

export interface CatalogReplicationOptions {
  db: AppDatabase;
  client: BridgeClient;
  /** The bridge's origin: part of each replication identifier, so another bridge never reuses a checkpoint. */
  bridgeId: string;
  /** Live events of the bridge (SSE); without them the collections pull once per start and on reSync(). */
  live$?: Observable<LiveEvent>;
  /** The connection came back (the browser's `online` event): a pull waiting to retry goes at once. */
  online$?: Observable<unknown>;
  /** Told about every page that brought changes, once they are stored (the first-sync progress). */
  onPage?: (page: PulledPage) => void;
  /** Told when a collection has stored everything the bridge had: the moment to mark it ready. */
  onCaughtUp?: (collection: SyncCollection) => void;
  /** A pull or write failed; it is tried again in `retryInMs` (sooner on online$, a live event or reSync()). */
  onError?: (collection: SyncCollection, error: unknown, retryInMs: number) => void;
  /** Documents per pull; default 1000, the bridge's maximum. */
  batchSize?: number;
  /** Pages fetched or under way ahead of the writes; default 8 (about 8 MB of products in memory at most). */
  readAhead?: number;
  /**
   * Wait before a failed pull is tried again; default 5 s (online$, a live event or reSync() skips the
   * wait). It doubles with every failure in a row without a page stored in between, up to maxRetryTime, so
   * a write that keeps failing (storage full) does not download the same pages every 5 seconds.
   */
  retryTime?: number;
  /** The longest wait between retries; default 5 minutes. */
  maxRetryTime?: number;
  /** Only the leader tab replicates (default true); the others see its writes through the catalogue's write log (decision 014). */
  waitForLeadership?: boolean;
}

export interface CatalogReplication {
  /** Pulls these collections (default all) from their checkpoints now. */
  reSync(collections?: readonly SyncCollection[]): void;
  /** Resolves once every collection has stored everything the bridge had (only in the leader, only online). */
  awaitInSync(): Promise<void>;
  /** Stops pulling and waits for a write under way; nothing is written afterwards. */
  stop(): Promise<void>;
}

/**
 * Part of the checkpoint's identity. A schema version change needs no bump: on the mapped storage the
 * checkpoint is kept with the collection's documents (src/db/queries/catalog-checkpoint.ts), so a new
 * version starts without one and downloads the collection again. Bump only when the feed's meaning changes.
 * v2: our own pull loop with checkpoints in local documents (v1 was RxDB's replication protocol).
 * v3: the catalogue moved to the mapped storage (decision 014), which starts empty.
 */
const REPLICATION_VERSION = 'v3';

export function catalogReplicationIdentifier(collection: SyncCollection, bridgeId: string): string {
  return `catalog-${collection}-${REPLICATION_VERSION}-${bridgeId}`;
}

/** The changes of consecutive pages as one write: a key's last entry wins. */
function mergePages<C extends SyncCollection>(pages: readonly FetchedPage<C>[], primaryKey: string): CatalogChanges<CatalogDocs[C]> {
  const upserts = new Map<string, CatalogDocs[C]>();
  const removals = new Set<string>();
  for (const page of pages) {
    for (const doc of page.upserts) {
      const key = String((doc as Record<string, unknown>)[primaryKey]);
      upserts.set(key, doc);
      removals.delete(key);
    }
    for (const key of page.removals) {
      upserts.delete(key);
      removals.add(key);
    }
  }
  return { upserts: [...upserts.values()], removals: [...removals] };
}

interface CollectionPull {
  request(): void;
  inSync(): Promise<void>;
  stop(): Promise<void>;
}

function pullCollection<C extends SyncCollection>(
  collection: C,
  options: CatalogReplicationOptions,
  leadership: Promise<void>,
): CollectionPull {
  const { db } = options;
  const identifier = catalogReplicationIdentifier(collection, options.bridgeId);
  const batchSize = options.batchSize ?? SYNC_MAX_BATCH;
  const retryTime = options.retryTime ?? 5000;
  const maxRetryTime = options.maxRetryTime ?? 300_000;
  let failures = 0;
  const primaryKey = db.collections[collection].schema.primaryPath as string;
  let stopped = false;
  let requested = true;
  let idle = false;
  let wake: (() => void) | null = null;
  let stream: { close(): void } | null = null;
  const inSyncWaiters: (() => void)[] = [];

  const sleep = (ms: number | null): Promise<void> =>
    new Promise<void>((resolve) => {
      const timer = ms === null ? undefined : setTimeout(() => done(), ms);
      const done = (): void => {
        clearTimeout(timer);
        if (wake === done) wake = null;
        resolve();
      };
      wake = done;
    });

  /** From the stored checkpoint to a caught-up page: write what has arrived, then record how far it got. */
  async function pullOnce(): Promise<void> {
    const after = await readCatalogCheckpoint(db, collection, identifier);
    // A pull that brings nothing new leaves the checkpoint where it is: each saved checkpoint is a record of
    // the collection's log, and a log of many records is compacted at the next start (a second of work at
    // 100,000 products), so every start and every live-stream reconnect must not add one.
    let saved = after;
    const pages = readFeedAhead(
      (from, askAhead) => fetchCatalogPage(options.client, collection, from, batchSize, askAhead ? SYNC_MAX_AHEAD : 0),
      after,
      options.readAhead ?? 8,
    );
    stream = pages;
    try {
      for (;;) {
        const next = await pages.next();
        if (next === null || stopped) return;
        const group = [next, ...pages.takeArrived()];
        const last = group[group.length - 1] ?? next;
        await applyCatalogChanges(db, collection, mergePages(group, primaryKey));
        if (last.checkpoint !== saved) {
          await saveCatalogCheckpoint(db, collection, identifier, last.checkpoint);
          saved = last.checkpoint;
        }
        // Progress: the next failure waits retryTime again (a flaky first sync must not back off to minutes).
        failures = 0;
        for (const page of group) if (page.documents > 0) options.onPage?.(page);
        if (last.caughtUp) {
          options.onCaughtUp?.(collection);
          return;
        }
      }
    } finally {
      pages.close();
      stream = null;
    }
  }

  const running = (async () => {
    await leadership;
    while (!stopped) {
      if (!requested) {
        idle = true;
        for (const resolve of inSyncWaiters.splice(0)) resolve();
        await sleep(null);
        idle = false;
        continue;
      }
      requested = false;
      try {
        await pullOnce();
        failures = 0;
      } catch (error) {
        if (stopped) break;
        failures += 1;
        const delay = retryDelay(failures, retryTime, maxRetryTime);
        options.onError?.(collection, error, delay);
        requested = true;
        await sleep(delay);
      }
    }
  })();

  return {
    request() {
      requested = true;
      wake?.();
    },
    inSync: () => (idle && !requested ? Promise.resolve() : new Promise<void>((resolve) => inSyncWaiters.push(resolve))),
    async stop() {
      stopped = true;
      stream?.close();
      wake?.();
      await running;
    },
  };
}

/**
 * Pull-only replication of the four catalogue collections from the bridge change feed (docs/architecture.md §4.1;
 * docs/decisions/013-catalogue-pull-writes.md). Per collection: pages are fetched ahead
 * while the previous ones are written, several arrived pages go to IndexedDB in one write, and the
 * checkpoint is stored after the documents, so a restart resumes from it. A live change or reSync() pulls
 * again from the checkpoint; a failed pull is retried after retryTime or when the connection returns.
 * Never await awaitInSync() before showing the UI: it does not resolve offline or in a tab that is not
 * the leader.
 */
export function startCatalogReplication(options: CatalogReplicationOptions): CatalogReplication {
  let stopLeadershipWait: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stopLeadershipWait = resolve));
  const leadership =
    (options.waitForLeadership ?? true) ? Promise.race([options.db.waitForLeadership().then(() => undefined), stopped]) : Promise.resolve();
  const pulls = Object.fromEntries(SYNC_COLLECTIONS.map((c) => [c, pullCollection(c, options, leadership)])) as Record<
    SyncCollection,
    CollectionPull
  >;
  const subscriptions: Subscription[] = [];
  let stopping = false;
  // Only the leader listens: a follower tab must not hold a live stream of its own.
  void leadership.then(() => {
    if (stopping) return;
    if (options.live$) {
      subscriptions.push(
        options.live$.subscribe((event) => {
          for (const c of SYNC_COLLECTIONS) if (concerns(event, c)) pulls[c].request();
        }),
      );
    }
    if (options.online$) subscriptions.push(options.online$.subscribe(() => SYNC_COLLECTIONS.forEach((c) => pulls[c].request())));
  });
  return {
    reSync(collections = SYNC_COLLECTIONS) {
      for (const c of collections) pulls[c].request();
    },
    async awaitInSync() {
      await Promise.all(SYNC_COLLECTIONS.map((c) => pulls[c].inSync()));
    },
    async stop() {
      stopping = true;
      for (const subscription of subscriptions) subscription.unsubscribe();
      stopLeadershipWait();
      await Promise.all(SYNC_COLLECTIONS.map((c) => pulls[c].stop()));
    },
  };
}
