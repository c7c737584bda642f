/**
 * The one folding rule for catalogue search, shared by the bridge (SQL `search_fold()` in migration
 * 030 does the same) and the storefront's offline index: decompose (NFD), drop combining marks (Greek
 * tonos and dialytika, Latin accents), lower-case, and write final sigma as σ. "Καφές", "ΚΑΦΕΣ" and
 * "καφες" all fold to "καφεσ", so a buyer never has to type accents or mind the case.
 */
export function foldSearchText(input: string): string {
  return input.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ς/g, 'σ');
}

/** docs/product-rules.md §9: the Greek catalogue searches from 2 characters (the English one says 3; Greek wins here). */
export const MIN_SEARCH_TERM_LENGTH = 2;

/** More words than this add nothing but cost; the rest of a pasted sentence is ignored. */
export const MAX_SEARCH_TERMS = 8;

/**
 * The words of a search: folded, split on anything that is not a letter or digit, duplicates dropped.
 * Splitting also removes every character that has a meaning in LIKE patterns or tsquery syntax.
 */
export function searchTerms(input: string): string[] {
  const words = foldSearchText(input)
    .split(/[^\p{L}\p{N}]/u)
    .filter((word) => word.length > 0);
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}

/**
 * docs/product-rules.md §9 "minimum match 75 percent", counted the way Elasticsearch rounds a percentage: down, but
 * never below one term. 1–3 terms → all but the rounding (1, 1, 2), 4 terms → 3.
 */
export function minimumMatch(termCount: number, percent = 75): number {
  if (termCount <= 0) return 0;
  return Math.max(1, Math.floor((termCount * percent) / 100));
}
