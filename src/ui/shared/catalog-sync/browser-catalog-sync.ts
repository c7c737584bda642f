import { fromEvent, NEVER, type Observable } from 'rxjs';
import { openAppDatabase } from '../../../db/lazy-database';
import { observeTaxSettings } from '../../../db/queries/product-tax';
import type { AppBridge } from '../../../replication/app-bridge';
import type { CatalogReplication } from '../../../replication/catalog-replication';
import { createCatalogSyncStatus, type CatalogSyncStatus } from '../../../replication/catalog-sync-status';
import { fetchEventsTicket, liveCatalogEvents, type LiveEvent } from '../../../replication/live-events';
import { browserSyncLeadership } from '../../../replication/sync-leadership';
import { loadCatalogReplicationCode } from '../../../replication/catalog-sync-preparation';
import { createCatalogSyncRunner, type CatalogSyncRunner } from './catalog-sync-runner';
import { requestPersistentStorage } from './persistent-storage';

/**
 * Where the first-sync status lives; one key per origin is enough since the bridge serves the storefront.
 * v2 goes with the catalogue's move to the mapped storage (decision 014): the catalogue is pulled again,
 * so a browser that was ready under v1 shows the first-sync progress once more.
 */
export const CATALOG_SYNC_STORAGE_KEY = 'b2b.catalog-sync.v2';
const LEGACY_CATALOG_SYNC_STORAGE_KEYS = ['b2b.catalog-sync.v1'];

let browserStatus: CatalogSyncStatus | null = null;

/** The browser's first-sync status, shared by every tab through localStorage and its `storage` event. */
export function getBrowserCatalogSyncStatus(): CatalogSyncStatus {
  browserStatus ??= createCatalogSyncStatus({
    storage: window.localStorage,
    key: CATALOG_SYNC_STORAGE_KEY,
    onExternalChange: (key, listener) => {
      const onStorage = (event: StorageEvent): void => {
        if (event.key === key) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  });
  return browserStatus;
}

let browserLive: Observable<LiveEvent> | null = null;

/**
 * The tab's one stream of the bridge's live events, shared by the catalogue and cart replications (both run
 * in the leader tab only): it opens with the first subscriber and closes with the last. Null where the
 * browser has no EventSource.
 */
export function getBrowserLiveEvents(bridge: AppBridge): Observable<LiveEvent> | null {
  if (typeof EventSource === 'undefined') return null;
  browserLive ??= liveCatalogEvents({
    ticket: () => (bridge.tokens.read() ? fetchEventsTicket(bridge.client) : Promise.resolve(null)),
    createEventSource: (url) => new EventSource(url),
  });
  return browserLive;
}

let browserRunner: CatalogSyncRunner | null = null;

/** The one catalogue replication of this tab (module-level: StrictMode and remounts must not start two). */
export function getBrowserCatalogSync(bridge: AppBridge): CatalogSyncRunner {
  browserRunner ??= createCatalogSyncRunner({
    open: async () => {
      const status = getBrowserCatalogSyncStatus();
      // The replication and the clean-up import the storage code: loaded with the database's chunk, not with the
      // first page (decision 030).
      const [db, [{ startCatalogReplication }, { dropLegacyCatalogStores }]] = await Promise.all([
        openAppDatabase(),
        loadCatalogReplicationCode(),
      ]);
      // Read the tax rules now and keep them live: the first price tags of any page then render at once
      // instead of empty (aria-busy) for a frame or two, which made listing cards grow under the buyer's eyes.
      observeTaxSettings(db);
      for (const key of LEGACY_CATALOG_SYNC_STORAGE_KEYS) window.localStorage.removeItem(key);
      const leadership = browserSyncLeadership();
      const dropLegacy = leadership.whileLeader(() => {
        dropLegacyCatalogStores(db.name).catch((error: unknown) => console.warn('old catalogue stores were not deleted', error));
        return undefined;
      });
      // The replica and the order queue must survive storage pressure: asked after sign-in (at most monthly).
      void requestPersistentStorage(navigator.storage, window.localStorage);
      // Only the leader tab pulls; leadership moves when a leader is frozen (decision 032 §3).
      let current: CatalogReplication | null = null;
      const pulling = leadership.whileLeader(() => {
        const replication = startCatalogReplication({
          db,
          client: bridge.client,
          bridgeId: window.location.origin,
          live$: getBrowserLiveEvents(bridge) ?? NEVER,
          online$: fromEvent(window, 'online'),
          onPage: (page) => status.record(page),
          // Ready only once the caught-up page is in IndexedDB, so a page never shows an incomplete catalogue.
          onCaughtUp: (collection) => status.markReady(collection),
          // Offline or a bridge hiccup: the pull retries by itself and the UI keeps working from the local data.
          onError: (collection, error, retryInMs) =>
            console.debug(`catalogue replication of ${collection} will retry in ${Math.round(retryInMs / 1000)} s`, error),
          waitForLeadership: false,
        });
        current = replication;
        return async () => {
          if (current === replication) current = null;
          await replication.stop();
        };
      });
      return {
        reSync: (collections) => current?.reSync(collections),
        // As before: it resolves only in the leader.
        awaitInSync: () => current?.awaitInSync() ?? new Promise<void>(() => undefined),
        stop: async () => {
          await Promise.all([dropLegacy(), pulling()]);
        },
      };
    },
    onError: (error) => console.warn('catalogue replication could not start or stop', error),
  });
  return browserRunner;
}
