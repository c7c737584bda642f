import { catalogSnapshot$ } from '../../../db/queries/catalog-snapshot';
import { openAppDatabase } from '../../../db/lazy-database';
import { createLocalSearchIndex } from '../../../db/queries/local-search-index';
import type { LocalSearchIndex } from '../../../db/queries/local-search-index';
import { getBrowserBridge } from '../../../replication/app-bridge';
import { isCatalogReady } from '../../../replication/catalog-sync-status';
import { createCatalogSearchClient } from '../../../replication/catalog-search-client';
import type { CatalogSearchClient } from '../../../replication/catalog-search-client';
import { whenIdle } from '../../components/when-idle';
import { getBrowserCatalogSyncStatus } from '../../shared/catalog-sync/browser-catalog-sync';

/**
 * A slice of the index build runs at most this long before giving the thread back: a task stays far under
 * the 50 ms that count as a long task even on a phone four times slower than this machine (Lighthouse's
 * mobile profile), so building the index never blocks a tap.
 */
const SLICE_MS = 8;

/**
 * A performance mark set when the first build of the offline index is done: a tab's memory and main-thread
 * work are at rest only after it (bench/memory.ts waits for it before reading the heap).
 */
export const SEARCH_INDEX_READY_MARK = 'offline-search-index-ready';

/** Index-build slices: each one ends after SLICE_MS and the next starts when the thread is idle. */
function slicedBuild(): { pause: () => Promise<void>; shouldYield: () => boolean } {
  let sliceStart = performance.now();
  return {
    pause: async () => {
      await whenIdle(200);
      sliceStart = performance.now();
    },
    shouldYield: () => performance.now() - sliceStart >= SLICE_MS,
  };
}

/** Resolves once the first sync has stored the whole catalogue (at once on later sign-ins). */
function catalogReady(): Promise<void> {
  const status = getBrowserCatalogSyncStatus();
  if (isCatalogReady(status.get())) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = status.subscribe(() => {
      if (!isCatalogReady(status.get())) return;
      stop();
      resolve();
    });
  });
}

interface BrowserSearch {
  client: CatalogSearchClient;
  /**
   * Builds the offline index in the background once the catalogue is ready (idempotent): during the first
   * sync the build would take main-thread time from the sync and index a catalogue that is still arriving.
   * A local search that needs the index builds it at once instead.
   */
  warmUp(): Promise<void>;
}

function createBrowserSearch(): BrowserSearch {
  const index: LocalSearchIndex = createLocalSearchIndex();
  let firstBuild: Promise<void> | null = null;
  let scheduled: Promise<void> | null = null;

  /** Starts following the local catalogue (idempotent); resolves once the first build is done. */
  function build(): Promise<void> {
    firstBuild ??= openAppDatabase()
      .then(
        (db) =>
          new Promise<void>((resolve, reject) => {
            // Followed for the life of the app: every catalogue change reaches the index.
            catalogSnapshot$(db).subscribe({
              next: (snapshot) => {
                index.sync(snapshot, slicedBuild()).then(resolve, reject);
              },
              error: reject,
            });
          }),
      )
      .then(() => {
        performance.mark(SEARCH_INDEX_READY_MARK);
      });
    return firstBuild;
  }

  function warmUp(): Promise<void> {
    scheduled ??= catalogReady().then(build);
    return scheduled;
  }

  const client = createCatalogSearchClient({
    client: getBrowserBridge().client,
    local: async (text, options) => {
      await build();
      return index.search(text, options);
    },
    isOnline: () => navigator.onLine,
  });
  return { client, warmUp };
}

let browserSearch: BrowserSearch | null = null;

/** The app's one search (module-level, so the index is built once however often the panel opens). */
export function getBrowserSearch(): BrowserSearch {
  browserSearch ??= createBrowserSearch();
  return browserSearch;
}
