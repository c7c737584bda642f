import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CatalogSearchClient } from '../../../replication/catalog-search-client';
import { isBridgeError } from '../../../replication/bridge-error';
import { OVERLAY_THEME_COLOR, useThemeColor } from './use-theme-color';
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
 * The search overlay (SPEC §2 "search panel"): a modal `<dialog>` (the browser traps focus, makes the
 * page inert, closes on Escape and returns focus to the opener), a labelled search field, the result
 * count in a live region, the offline notice and the results.
 */
export function SearchPanel({ client, onClose }: SearchPanelProps) {
  const { t, i18n } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const [text, setText] = useState('');
  const minLength = minTermLength(i18n.locale);
  const state = useProductSearch(client, text, minLength);
  const answer = state.status === 'done' ? state.answer : state.status === 'searching' ? state.previous : null;
  useThemeColor(OVERLAY_THEME_COLOR, true);

  // Closed before it unmounts: while a modal dialog is open the page is inert and cannot take focus back.
  const dismiss = () => {
    const dialog = ref.current;
    if (dialog?.open && typeof dialog.close === 'function') dialog.close();
    onClose();
  };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    // jsdom has no showModal; the open attribute keeps the content reachable there.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    // The panel exists to type into; showModal would otherwise focus the close button first.
    inputRef.current?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={styles.panel}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        dismiss();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) dismiss();
      }}
      onKeyDown={(event) => {
        // Also where there is no native cancel event (jsdom, older WebViews).
        if (event.key !== 'Escape') return;
        event.preventDefault();
        dismiss();
      }}
    >
      <div className={styles.top}>
        <h2 id={titleId} className={styles.title}>
          <Trans>Search</Trans>
        </h2>
        <button type="button" className={styles.close} onClick={dismiss} aria-label={t`Close search`}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
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
      {answer && answer.hits.length > 0 ? <SearchResults hits={answer.hits} onPick={dismiss} /> : null}
    </dialog>
  );
}
