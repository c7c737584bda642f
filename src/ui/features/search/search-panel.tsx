import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CatalogSearchClient } from '../../../replication/catalog-search-client';
import { isBridgeError } from '../../../replication/bridge-error';
import { Dialog } from '../../components/dialog';
import { OVERLAY_THEME_COLOR, useThemeColor } from '../../shared/theme/use-theme-color';
import { minTermLength, useProductSearch } from './use-product-search';
import type { ProductSearchState } from './use-product-search';
import { SearchResults } from './search-results';
import styles from './search-panel.module.css';

interface SearchPanelProps {
  client: CatalogSearchClient;
  onClose(): void;
}

function StatusLine({ state, minLength }: { state: ProductSearchState; minLength: number }) {
  const { t, i18n } = useLingui();
  if (state.status === 'too-short') return <Trans>Type at least {minLength} characters</Trans>;
  if (state.status === 'searching') return <Trans>Searching…</Trans>;
  if (state.status === 'failed') return isBridgeError(state.error) ? i18n._(state.error.description) : t`Unexpected error`;
  if (state.status !== 'done') return null;
  const { total } = state.answer;
  if (total === 0) return <Trans>No products found</Trans>;
  return total === 1 ? <Trans>1 product found</Trans> : <Trans>{total} products found</Trans>;
}

/**
 * The search overlay (docs/product-rules.md §2 "search panel"): a sheet dialog (full height on phones) with a labelled
 * search field that has the focus, the result count in a live region, the offline notice and the
 * results. The browser chrome takes the overlay's theme colour while it is open.
 */
export function SearchPanel({ client, onClose }: SearchPanelProps) {
  const { t, i18n } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const minLength = minTermLength(i18n.locale);
  const state = useProductSearch(client, text, minLength);
  const answer = state.status === 'done' ? state.answer : state.status === 'searching' ? state.previous : null;
  useThemeColor(OVERLAY_THEME_COLOR, true);

  return (
    <Dialog title={t`Search`} closeLabel={t`Close search`} onClose={onClose} initialFocus={inputRef} size="sheet">
      <form role="search" className={styles.form} onSubmit={(event) => event.preventDefault()}>
        <input
          className={styles.input}
          type="search"
          aria-label={t`Search products`}
          placeholder={t`Product name, SKU or barcode`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          ref={inputRef}
        />
      </form>
      <p className={styles.status} role="status">
        <StatusLine state={state} minLength={minLength} />
      </p>
      {answer?.offline ? (
        <p className={styles.offline}>
          <Trans>Showing offline results</Trans>
        </p>
      ) : null}
      {answer && answer.hits.length > 0 ? <SearchResults hits={answer.hits} onPick={onClose} /> : null}
    </Dialog>
  );
}
