import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { CatalogSearchClient } from '../../../replication/catalog-search-client';
import { getBrowserSearch } from './browser-search';
import { SearchPanel } from './search-panel';
import styles from './search-panel.module.css';

/** After sign-in the page and the catalogue sync come first; the offline index starts a little later. */
const WARM_UP_DELAY_MS = 3000;

function warmUp(): void {
  getBrowserSearch()
    .warmUp()
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
        <span className={styles.openerLabel}>
          <Trans>Search</Trans>
        </span>
      </button>
      {open ? <SearchPanel client={client ?? getBrowserSearch().client} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
