import { catalogSnapshot$ } from '../../../db/queries/catalog-snapshot';
import { getAppDatabase } from '../../../db/database';
import { createLocalSearchIndex } from '../../../db/queries/local-search-index';
import type { LocalSearchIndex } from '../../../db/queries/local-search-index';
import { getBrowserBridge } from '../../../replication/app-bridge';
import { createCatalogSearchClient } from '../../../replication/catalog-search-client';
import type { CatalogSearchClient } from '../../../replication/catalog-search-client';

/** Gives the thread back between index slices: idle time when the browser has it, else a macrotask. */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 200 });
    else setTimeout(resolve, 0);
  });
}

interface BrowserSearch {
  client: CatalogSearchClient;
  /** Starts following the local catalogue (idempotent); resolves once the first build is done. */
  warmUp(): Promise<void>;
}

function createBrowserSearch(): BrowserSearch {
  const index: LocalSearchIndex = createLocalSearchIndex();
  let firstBuild: Promise<void> | null = null;

  function warmUp(): Promise<void> {
    firstBuild ??= getAppDatabase().then(
      (db) =>
        new Promise<void>((resolve, reject) => {
          // Followed for the life of the app: every catalogue change reaches the index.
          catalogSnapshot$(db).subscribe({
            next: (snapshot) => {
              index.sync(snapshot, { pause: idle }).then(resolve, reject);
            },
            error: reject,
          });
        }),
    );
    return firstBuild;
  }

  const client = createCatalogSearchClient({
    client: getBrowserBridge().client,
    local: async (text, options) => {
      await warmUp();
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
