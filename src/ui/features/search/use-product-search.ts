import { useEffect, useState } from 'react';
import { searchTerms } from '../../../domain/search-folding';
import type { CatalogSearchClient, ProductSearchAnswer } from '../../../replication/catalog-search-client';

/** Typing pauses shorter than this do not start a search. */
export const SEARCH_DEBOUNCE_MS = 250;
export const PANEL_RESULT_SIZE = 20;

export type ProductSearchState =
  | { status: 'idle' }
  | { status: 'too-short' }
  | { status: 'searching'; previous: ProductSearchAnswer | null }
  | { status: 'done'; answer: ProductSearchAnswer }
  | { status: 'failed'; error: unknown };

/** docs/product-rules.md §5: 2 characters in the Greek catalogue, 3 in the English one. */
export function minTermLength(locale: string): number {
  return locale.startsWith('el') ? 2 : 3;
}

function isTooShort(text: string, minLength: number): boolean {
  return searchTerms(text).join('').length < minLength;
}

type Settled = { key: string; answer: ProductSearchAnswer } | { key: string; error: unknown };

/** The panel's search: debounced, the newest text wins, too-short text is not sent anywhere. */
export function useProductSearch(client: CatalogSearchClient, text: string, minLength: number): ProductSearchState {
  const [settled, setSettled] = useState<Settled | null>(null);
  const trimmed = text.trim();
  const searchable = trimmed !== '' && !isTooShort(trimmed, minLength);
  const key = `${minLength}:${trimmed}`;

  useEffect(() => {
    if (!searchable) return undefined;
    let active = true;
    const timer = setTimeout(() => {
      client.searchProducts(trimmed, { size: PANEL_RESULT_SIZE, minLength }).then(
        (answer) => active && setSettled({ key, answer }),
        (error: unknown) => active && setSettled({ key, error }),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [client, trimmed, minLength, searchable, key]);

  if (trimmed === '') return { status: 'idle' };
  if (!searchable) return { status: 'too-short' };
  if (settled?.key === key)
    return 'answer' in settled ? { status: 'done', answer: settled.answer } : { status: 'failed', error: settled.error };
  // The last answer stays on screen while the next one is on its way (no flicker while typing).
  return { status: 'searching', previous: settled && 'answer' in settled ? settled.answer : null };
}
