import { describe, expect, it } from 'vitest';
import { parseFavoriteSort, sortFavorites, type FavoriteRow } from './favorites';
import type { ListedProduct } from './listing';

const product = (sku: string, name: string, price: number): ListedProduct => ({
  sku,
  name_az: name,
  final_price: price,
  updated_at: 0,
  category_ids: [],
  is_in_stock: true,
});
const rows: FavoriteRow<ListedProduct>[] = [
  { product: product('A', 'ελαιόλαδο', 900), favoriteSince: 10, ordered: 0, supplierName: 'Αλυκές' },
  { product: product('B', 'αλάτι', 150), favoriteSince: 30, ordered: 5, supplierName: 'Αλυκές' },
  { product: product('C', 'ζάχαρη', 300), favoriteSince: 20, ordered: 5, supplierName: 'Κρητικό' },
  { product: product('D', 'βούτυρο', 450), favoriteSince: 40, ordered: 1, supplierName: 'Κρητικό' },
];
const skus = (sorted: FavoriteRow<ListedProduct>[]) => sorted.map((r) => r.product.sku).join('');

describe('favourites sorts', () => {
  it('Latest is by when each became a favourite, newest first', () => {
    expect(skus(sortFavorites(rows, 'latest'))).toBe('DBCA');
  });

  it('Popularity puts what the buyer ordered most first; equal counts, the newer favourite first', () => {
    expect(skus(sortFavorites(rows, 'popularity'))).toBe('BCDA');
  });

  it('By supplier groups by supplier name, then by product name', () => {
    expect(skus(sortFavorites(rows, 'supplier'))).toBe('BADC');
  });

  it('the usual sorts work as on listings, with the price the buyer sees', () => {
    expect(skus(sortFavorites(rows, 'price_asc'))).toBe('BCDA');
    expect(skus(sortFavorites(rows, 'price_desc'))).toBe('ADCB');
    expect(skus(sortFavorites(rows, 'name_az'))).toBe('BDAC');
    // A price view that reverses the order (say, VAT that differs per product) decides, not final_price.
    expect(skus(sortFavorites(rows, 'price_asc', { priceOf: (p) => 1000 - p.final_price }))).toBe('ADCB');
  });

  it('reads an unknown sort from the URL as Latest, and leaves the input alone', () => {
    expect(parseFavoriteSort('popularity')).toBe('popularity');
    expect(parseFavoriteSort('__proto__')).toBe('latest');
    expect(parseFavoriteSort(null)).toBe('latest');
    const copy = [...rows];
    sortFavorites(rows, 'supplier');
    expect(rows).toEqual(copy);
  });
});
