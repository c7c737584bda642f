import { useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { CatalogSearchClient } from '../../../replication/catalog-search-client';
import { getBrowserSearch } from './browser-search';
import { SearchPanel } from './search-panel';
import styles from './search-panel.module.css';

/** The header's "Search" button and the overlay it opens. Opening starts the offline index in the background. */
export function SearchButton({ client }: { client?: CatalogSearchClient }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // The dialog leaves the DOM instead of closing, so focus is handed back explicitly.
    opener.current?.focus();
  };
  return (
    <>
      <button
        ref={opener}
        type="button"
        className={styles.opener}
        aria-haspopup="dialog"
        onClick={() => {
          if (!client) void getBrowserSearch().warmUp().catch((error: unknown) => console.error('Offline search index could not be built', error));
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
      {open ? <SearchPanel client={client ?? getBrowserSearch().client} onClose={close} /> : null}
    </>
  );
}
