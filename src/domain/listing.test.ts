import { describe, expect, it } from 'vitest';
import {
  filterProducts,
  listingQueryToSearch,
  paginate,
  parseListingQuery,
  selectBestsellers,
  selectCarousel,
  selectNewCollection,
  sortProducts,
  type ListedProduct,
} from './listing';
import { priceRangeById } from './price-ranges';

function product(sku: string, overrides: Partial<ListedProduct> = {}): ListedProduct {
  return { sku, name_az: sku.toLowerCase(), final_price: 1000, updated_at: 0, category_ids: [], is_in_stock: true, ...overrides };
}

const rows = [
  product('C', { final_price: 300, updated_at: 2, category_ids: ['b'] }),
  product('A', { final_price: 200, updated_at: 3, category_ids: ['a'] }),
  product('B', { final_price: 100, updated_at: 1, category_ids: ['a'] }),
];
const skus = (list: readonly ListedProduct[]) => list.map((p) => p.sku);

describe('sortProducts (SPEC §9 options)', () => {
  it('Alphabetical is the default order by name_az', () => {
    expect(skus(sortProducts(rows, 'name_az'))).toEqual(['A', 'B', 'C']);
  });
  it('Latest: updated_at descending', () => {
    expect(skus(sortProducts(rows, 'latest'))).toEqual(['A', 'C', 'B']);
  });
  it('Price low to high and high to low, by the price the buyer sees', () => {
    expect(skus(sortProducts(rows, 'price_asc'))).toEqual(['B', 'A', 'C']);
    expect(skus(sortProducts(rows, 'price_desc'))).toEqual(['C', 'A', 'B']);
    // With VAT a 24 % product can overtake a 6 % one.
    const vat = (p: ListedProduct) => (p.sku === 'B' ? p.final_price * 4 : p.final_price);
    expect(skus(sortProducts(rows, 'price_asc', { priceOf: vat }))).toEqual(['A', 'C', 'B']);
  });
  it('By category: category tree order, then name', () => {
    const rank = (p: ListedProduct) => (p.category_ids.includes('b') ? 0 : 1);
    expect(skus(sortProducts(rows, 'category', { categoryRankOf: rank }))).toEqual(['C', 'A', 'B']);
  });
  it('never mutates its input', () => {
    sortProducts(rows, 'price_asc');
    expect(skus(rows)).toEqual(['C', 'A', 'B']);
  });
});

describe('filterProducts', () => {
  it('keeps prices inside a range, lower bound included, upper excluded', () => {
    const prices = [4_999, 5_000, 9_999, 10_000, 15_000].map((cents) => product(`P${cents}`, { final_price: cents }));
    expect(skus(filterProducts(prices, { priceRange: priceRangeById('50-100'), attributes: {} }))).toEqual(['P5000', 'P9999']);
    expect(skus(filterProducts(prices, { priceRange: priceRangeById('150-'), attributes: {} }))).toEqual(['P15000']);
    expect(skus(filterProducts(prices, { priceRange: priceRangeById('0-50'), attributes: {} }))).toEqual(['P4999']);
  });
  it('matches attribute values: OR within a code, AND across codes', () => {
    const colours = (ids: number[]) => [{ attribute_code: 'color', values: ids.map((value_index) => ({ value_index })) }];
    const list = [
      product('RED-PACK', { measurement_unit: 'pack', configurable_options: colours([52]) }),
      product('BLUE-PACK', { measurement_unit: 'pack', configurable_options: colours([53]) }),
      product('RED-PIECE', { measurement_unit: 'piece', configurable_options: colours([52, 54]) }),
    ];
    expect(skus(filterProducts(list, { priceRange: null, attributes: { unit: ['pack'] } }))).toEqual(['RED-PACK', 'BLUE-PACK']);
    expect(skus(filterProducts(list, { priceRange: null, attributes: { color: ['52'], unit: ['pack'] } }))).toEqual(['RED-PACK']);
    expect(skus(filterProducts(list, { priceRange: null, attributes: { color: ['53', '54'] } }))).toEqual(['BLUE-PACK', 'RED-PIECE']);
  });
});

describe('paginate', () => {
  const items = Array.from({ length: 120 }, (_, i) => i);
  it('cuts pages of 50 and clamps out-of-range pages', () => {
    expect(paginate(items, 1).items).toHaveLength(50);
    expect(paginate(items, 3)).toMatchObject({ page: 3, pageCount: 3, total: 120 });
    expect(paginate(items, 3).items).toEqual(items.slice(100));
    expect(paginate(items, 9).page).toBe(3);
    expect(paginate([], 1)).toMatchObject({ page: 1, pageCount: 1, total: 0 });
  });
});

describe('listing query in the URL', () => {
  it('round-trips sort, price range, attributes and page; defaults stay out of the URL', () => {
    const query = parseListingQuery(new URLSearchParams('sort=price_desc&price=50-100&unit=pack&color=52&color=53&page=2'));
    expect(query).toMatchObject({ sort: 'price_desc', page: 2, attributes: { unit: ['pack'], color: ['52', '53'] } });
    expect(query.priceRange?.id).toBe('50-100');
    expect(listingQueryToSearch(query).toString()).toBe('sort=price_desc&price=50-100&color=52&color=53&unit=pack&page=2');
    expect(listingQueryToSearch(parseListingQuery(new URLSearchParams('sort=bogus&page=-3'))).toString()).toBe('');
  });
});

describe('home selections', () => {
  const suppliers = Array.from({ length: 14 }, (_, i) => ({ id: `s${i}`, status: i === 13 ? 'inactive' : 'active', activation_date: i }));
  it('carousel: the 10 newest active suppliers, shuffled the same way for the same seed', () => {
    const a = selectCarousel(suppliers, '2026-11-22');
    expect(a.map((s) => s.id).sort()).toEqual(['s10', 's11', 's12', 's3', 's4', 's5', 's6', 's7', 's8', 's9']);
    expect(selectCarousel(suppliers, '2026-11-22')).toEqual(a);
    expect(selectCarousel(suppliers, '2026-11-23').map((s) => s.id)).not.toEqual(a.map((s) => s.id));
  });
  it('new collection: 8 in stock, flagged new first, newest created first', () => {
    const list = Array.from({ length: 12 }, (_, i) => product(`N${i}`, { created_at: i, new: i === 2, is_in_stock: i !== 11 }));
    expect(skus(selectNewCollection(list))).toEqual(['N2', 'N10', 'N9', 'N8', 'N7', 'N6', 'N5', 'N4']);
  });
  it('bestsellers: 8 in stock, on sale first, not repeating the new collection', () => {
    const list = Array.from({ length: 12 }, (_, i) => product(`B${i}`, { updated_at: i, sale: i < 2 }));
    expect(skus(selectBestsellers(list, 8, new Set(['B0'])))).toEqual(['B1', 'B11', 'B10', 'B9', 'B8', 'B7', 'B6', 'B5']);
  });
});
