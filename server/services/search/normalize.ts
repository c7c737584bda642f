import { DEFAULT_SEARCH_SIZE, type SearchRequest } from '../../../src/contracts/search';
import { MIN_SEARCH_TERM_LENGTH, minimumMatch, searchTerms } from '../../../src/domain/search-folding';

export type NormalizedSearch = {
  size: number;
  from: number;
  /** Folded words of the text; empty when there is no text term. */
  terms: string[];
  /** The text as typed (trimmed), for the exact sku / barcode lookup. */
  rawText: string;
  minMatch: number;
  /** The text was given but is shorter than MIN_SEARCH_TERM_LENGTH: the answer is an empty result. */
  tooShort: boolean;
  request: SearchRequest;
};

/** docs/product-rules.md §9: size below 0 → 50, start below 0 → 0, default size 50; text of fewer than 2 characters finds nothing. */
export function normalizeSearch(request: SearchRequest): NormalizedSearch {
  const size = request.size === undefined || request.size < 0 ? DEFAULT_SEARCH_SIZE : request.size;
  // Stryker disable next-line EqualityOperator: equivalent, a start of 0 stays 0 either way
  const from = request.from === undefined || request.from < 0 ? 0 : request.from;
  const rawText = (request.query?.text ?? '').trim();
  const terms = searchTerms(rawText);
  // Stryker disable next-line StringLiteral: equivalent, a separator only appears between two terms, which are already 2 characters
  const tooShort = rawText.length > 0 && terms.join('').length < MIN_SEARCH_TERM_LENGTH;
  return { size, from, terms: tooShort ? [] : terms, rawText, minMatch: minimumMatch(terms.length), tooShort, request };
}
