import { Suspense, lazy, useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { CatalogSearchClient } from '../../../replication/catalog-search-client';
import { lazyPreloaded } from '../../components/lazy-preloaded';
import narrow from '../../styles/narrow-label.module.css';
import styles from './search-panel.module.css';

/**
 * The panel and the offline index load on first use (or at warm-up), not with the first page:
 * the first screen has no need of them (bundle budget, decision 030). The service worker precaches them.
 */
const loadBrowserSearch = () => import('./browser-search').then((m) => m.getBrowserSearch());
const SearchPanel = lazyPreloaded(() => import('./search-panel').then((m) => m.SearchPanel));

/** The panel over the app's one search (bridge first, offline index as fallback). */
const BrowserSearchPanel = lazy(async () => {
  const [{ SearchPanel: Panel }, search] = await Promise.all([import('./search-panel'), loadBrowserSearch()]);
  return { default: ({ onClose }: { onClose: () => void }) => <Panel client={search.client} onClose={onClose} /> };
});

/** After sign-in the page and the catalogue sync come first; the offline index starts a little later. */
const WARM_UP_DELAY_MS = 3000;

function warmUp(): void {
  loadBrowserSearch()
    .then((search) => search.warmUp())
    .catch((error: unknown) => console.error('Offline search index could not be built', error));
}

/**
 * The header's "Search" button and the overlay it opens. The offline index is built in the background
 * shortly after the header appears (or at once when the button is pressed), so offline search is ready.
 */
export function SearchButton({ client }: { client?: CatalogSearchClient }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (client) return undefined;
    const timer = setTimeout(warmUp, WARM_UP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [client]);
  return (
    <>
      <button
        type="button"
        className={styles.opener}
        aria-haspopup="dialog"
        onClick={() => {
          if (!client) warmUp();
          setOpen(true);
        }}
      >
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-4.2-4.2" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {/* Below lg only the magnifier (the header's row is tight). */}
        <span className={narrow.fromLg}>
          <Trans>Search</Trans>
        </span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          {client ? <SearchPanel client={client} onClose={() => setOpen(false)} /> : <BrowserSearchPanel onClose={() => setOpen(false)} />}
        </Suspense>
      ) : null}
    </>
  );
}
