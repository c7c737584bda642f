import { sortProducts, type ListedProduct, type SortContext, type SortOption } from './listing';

/**
 * The favourites sorts (docs/product-rules.md §9): the listing sorts, with "Latest" by when the product became a
 * favourite, plus Popularity (what the buyer ordered most) and By supplier. Pure: nothing here knows RxDB or React.
 */
export const FAVORITE_SORTS = ['latest', 'popularity', 'supplier', 'price_asc', 'price_desc', 'name_az', 'category'] as const;
export type FavoriteSort = (typeof FAVORITE_SORTS)[number];
export const DEFAULT_FAVORITE_SORT: FavoriteSort = 'latest';

export function parseFavoriteSort(value: string | null | undefined): FavoriteSort {
  return FAVORITE_SORTS.find((option) => option === value) ?? DEFAULT_FAVORITE_SORT;
}

export interface FavoriteRow<P extends ListedProduct> {
  product: P;
  /** Epoch ms when it became a favourite. */
  favoriteSince: number;
  /** Pieces of it in the buyer's orders on this device: the "Popularity" of the buyer's own list. */
  ordered: number;
  supplierName: string;
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Returns a new array; ties fall back to the newest favourite, then name and sku, so the order is stable. */
export function sortFavorites<P extends ListedProduct>(
  rows: readonly FavoriteRow<P>[],
  sort: FavoriteSort,
  context: SortContext<P> = {},
): FavoriteRow<P>[] {
  const byName = (a: FavoriteRow<P>, b: FavoriteRow<P>) =>
    compareText(a.product.name_az, b.product.name_az) || compareText(a.product.sku, b.product.sku);
  const latest = (a: FavoriteRow<P>, b: FavoriteRow<P>) => b.favoriteSince - a.favoriteSince || byName(a, b);
  switch (sort) {
    case 'latest':
      return [...rows].sort(latest);
    case 'popularity':
      return [...rows].sort((a, b) => b.ordered - a.ordered || latest(a, b));
    case 'supplier':
      return [...rows].sort((a, b) => compareText(a.supplierName, b.supplierName) || byName(a, b));
    default: {
      const rowOf = new Map(rows.map((row) => [row.product, row]));
      return sortProducts(
        rows.map((row) => row.product),
        sort as SortOption,
        context,
      ).map((product) => rowOf.get(product)!);
    }
  }
}
