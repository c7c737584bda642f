import { foldSearchText } from './search-folding';

/** Length of the `name_az` key: it is an indexed field, and names longer than this sort by their start. */
export const NAME_SORT_KEY_MAX = 200;

/**
 * The `name_az` sort key, the default "Alphabetical" order of listings (docs/product-rules.md §9): the
 * search folding (case, accents and tonos, final sigma) with whitespace collapsed, so "Ελαιόλαδο" and
 * "ελαιολαδο" sort together. Greek letters already follow alphabetical order by code point. The bridge
 * builds it into the catalogue documents and the storefront's test data uses the same function.
 */
export function nameSortKey(name: string): string {
  return foldSearchText(name).replace(/\s+/g, ' ').trim().slice(0, NAME_SORT_KEY_MAX);
}
