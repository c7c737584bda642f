import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  firstInOrder,
  attributeValuesOf,
  DEFAULT_SORT,
  filterProducts,
  listingQueryToSearch,
  paginate,
  parseListingQuery,
  selectBestsellers,
  selectCarousel,
  selectNewCollection,
  SORT_OPTIONS,
  sortProducts,
  type ListedProduct,
  type ListingQuery,
} from './listing';
import { PRICE_RANGES, priceRangeById } from './price-ranges';

function product(sku: string, overrides: Partial<ListedProduct> = {}): ListedProduct {
  return { sku, name_az: sku.toLowerCase(), final_price: 1000, updated_at: 0, category_ids: [], is_in_stock: true, ...overrides };
}

const rows = [
  product('C', { final_price: 300, updated_at: 2, category_ids: ['b'] }),
  product('A', { final_price: 200, updated_at: 3, category_ids: ['a'] }),
  product('B', { final_price: 100, updated_at: 1, category_ids: ['a'] }),
];
const skus = (list: readonly ListedProduct[]) => list.map((p) => p.sku);

describe('sortProducts (docs/product-rules.md §9 options)', () => {
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

/*
 * The rules above as properties over generated catalogues. Names, prices and dates come from tiny ranges so
 * that ties are common: ties are where a listing would shuffle between renders or drop a product at a page
 * edge.
 */
interface Row extends ListedProduct {
  rank: number;
}
const rowArb: fc.Arbitrary<Row> = fc.record({
  sku: fc.string({ unit: fc.constantFrom('A', 'B', 'C'), minLength: 1, maxLength: 3 }),
  name_az: fc.constantFrom('a', 'ab', 'b', 'β'),
  final_price: fc.integer({ min: 0, max: 3 }),
  updated_at: fc.integer({ min: 0, max: 3 }),
  created_at: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
  category_ids: fc.constant([]),
  is_in_stock: fc.boolean(),
  new: fc.option(fc.boolean(), { nil: undefined }),
  sale: fc.option(fc.boolean(), { nil: undefined }),
  rank: fc.integer({ min: 0, max: 2 }),
});
/** A sku is a product's identity: a listing never holds two rows with the same one. */
const catalogArb = fc.uniqueArray(rowArb, { selector: (p) => p.sku, maxLength: 14 });

/** Compares key lists left to right; name then sku close every order, as the listing promises. */
function compareKeys(a: readonly (number | string)[], b: readonly (number | string)[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number | string;
    const y = b[i] as number | string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
const orderedBy =
  (key: (p: Row) => (number | string)[]) =>
  (a: Row, b: Row): number =>
    compareKeys([...key(a), a.name_az, a.sku], [...key(b), b.name_az, b.sku]);
const expectedOrder: Record<(typeof SORT_OPTIONS)[number], (a: Row, b: Row) => number> = {
  name_az: orderedBy(() => []),
  latest: orderedBy((p) => [-p.updated_at]),
  price_asc: orderedBy((p) => [p.final_price]),
  price_desc: orderedBy((p) => [-p.final_price]),
  category: orderedBy((p) => [p.rank]),
};

describe('listing order, for any catalogue', () => {
  it.each(SORT_OPTIONS)('%s: the promised order, ties by name then sku, whatever order the rows came in', (sort) => {
    fc.assert(
      fc.property(catalogArb, (list) => {
        const sorted = sortProducts(list, sort, { categoryRankOf: (p) => p.rank });
        expect(skus(sorted)).toEqual(skus([...list].sort(expectedOrder[sort])));
        expect(skus(sortProducts([...list].reverse(), sort, { categoryRankOf: (p) => p.rank }))).toEqual(skus(sorted));
      }),
    );
  });
  it('"By category" without a category tree is alphabetical', () => {
    fc.assert(
      fc.property(catalogArb, (list) => {
        expect(skus(sortProducts(list, 'category'))).toEqual(skus(sortProducts(list, 'name_az')));
      }),
    );
  });
  it('new collection: the 8 best in-stock products, flagged new first, then newest created (updated when unknown)', () => {
    const order = orderedBy((p) => [p.new === true ? 0 : 1, -(p.created_at ?? p.updated_at)]);
    fc.assert(
      fc.property(catalogArb, (list) => {
        const expected = list
          .filter((p) => p.is_in_stock)
          .sort(order)
          .slice(0, 8);
        expect(skus(selectNewCollection(list))).toEqual(skus(expected));
        expect(skus(selectNewCollection([...list].reverse()))).toEqual(skus(expected));
      }),
    );
  });
  it('bestsellers: the 8 best in-stock products not excluded, on sale first, then latest updated', () => {
    const order = orderedBy((p) => [p.sale === true ? 0 : 1, -p.updated_at]);
    fc.assert(
      fc.property(catalogArb, fc.array(fc.constantFrom('A', 'B', 'AB')), (list, excluded) => {
        const exclude = new Set<string>(excluded);
        const expected = list
          .filter((p) => p.is_in_stock && !exclude.has(p.sku))
          .sort(order)
          .slice(0, 8);
        expect(skus(selectBestsellers(list, 8, exclude))).toEqual(skus(expected));
        expect(skus(selectBestsellers([...list].reverse(), 8, exclude))).toEqual(skus(expected));
      }),
    );
  });
});

describe('listing query in the URL, edge cases', () => {
  it('no sort, or an unknown one, is Alphabetical, and Alphabetical stays out of the URL', () => {
    expect(DEFAULT_SORT).toBe('name_az');
    expect(parseListingQuery(new URLSearchParams('')).sort).toBe('name_az');
    expect(parseListingQuery(new URLSearchParams('sort=')).sort).toBe('name_az');
    expect(listingQueryToSearch({ sort: 'name_az', page: 1, priceRange: null, attributes: {} }).toString()).toBe('');
  });
  it('a page that is not a positive whole number is page 1', () => {
    for (const page of ['0', '-3', 'abc', '', '-0']) {
      expect(parseListingQuery(new URLSearchParams({ page })).page).toBe(1);
    }
    expect(parseListingQuery(new URLSearchParams('page=1')).page).toBe(1);
    expect(parseListingQuery(new URLSearchParams('page=7')).page).toBe(7);
  });
  it('an empty attribute value (a form sent with nothing ticked) filters nothing', () => {
    const query = parseListingQuery(new URLSearchParams('color=&unit=pack&size='));
    expect(query.attributes).toEqual({ unit: ['pack'] });
  });
  it('attribute codes named like members of every JavaScript object are codes like any other', () => {
    const query = parseListingQuery(new URLSearchParams('toString=1&constructor=a&__proto__=b&hasOwnProperty=c'));
    expect(Object.entries(query.attributes)).toEqual([
      ['toString', ['1']],
      ['constructor', ['a']],
      ['__proto__', ['b']],
      ['hasOwnProperty', ['c']],
    ]);
  });
  it('any query survives the trip through the URL', () => {
    const codeArb = fc.oneof(
      fc.stringMatching(/^[a-z_]{1,8}$/).filter((code) => !['sort', 'page', 'price'].includes(code)),
      fc.constantFrom('toString', 'constructor', '__proto__', 'valueOf'),
    );
    const queryArb: fc.Arbitrary<ListingQuery> = fc.record({
      sort: fc.constantFrom(...SORT_OPTIONS),
      page: fc.integer({ min: 1, max: 1_000 }),
      priceRange: fc.constantFrom(null, ...PRICE_RANGES),
      attributes: fc.dictionary(codeArb, fc.array(fc.string({ minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 3 })),
    });
    fc.assert(
      fc.property(queryArb, (query) => {
        const back = parseListingQuery(new URLSearchParams(listingQueryToSearch(query).toString()));
        expect(back).toEqual(query);
      }),
    );
  });
});

describe('attribute filters from catalogue data', () => {
  it('a product without a sale unit offers no unit value', () => {
    expect(attributeValuesOf(product('X')).has('unit')).toBe(false);
  });
  it('ignores malformed configurable options instead of failing the whole listing', () => {
    const options = [
      null,
      undefined,
      'color',
      42,
      { attribute_code: 7, values: [{ value_index: 1 }] },
      { attribute_code: 'size', values: 'S' },
      { attribute_code: 'weight', values: undefined },
      // "price" is the price range in the URL; an option of that name could never be filtered on.
      { attribute_code: 'price', values: [{ value_index: 1 }] },
      { attribute_code: 'color', values: [null, {}, { value_index: true }, { value_index: '52' }, { value_index: 53 }] },
    ];
    expect([...attributeValuesOf(product('X', { configurable_options: options }))]).toEqual([['color', new Set(['52', '53'])]]);
  });
  it('a product without the filtered attribute is left out', () => {
    const list = [product('PLAIN'), product('RED', { configurable_options: [{ attribute_code: 'color', values: [{ value_index: 52 }] }] })];
    expect(skus(filterProducts(list, { priceRange: null, attributes: { color: ['52'] } }))).toEqual(['RED']);
  });
  it('a code whose last value was unticked filters nothing, the other codes still do', () => {
    const list = [product('PACK', { measurement_unit: 'pack' }), product('PIECE', { measurement_unit: 'piece' })];
    expect(skus(filterProducts(list, { priceRange: null, attributes: { color: [] } }))).toEqual(['PACK', 'PIECE']);
    expect(skus(filterProducts(list, { priceRange: null, attributes: { color: [], unit: ['pack'] } }))).toEqual(['PACK']);
  });
});

describe('carousel', () => {
  const supplier = (id: string, activation_date = 1) => ({ id, status: 'active', activation_date });
  it('suppliers activated the same day are cut at 10 by id, whatever order they came in', () => {
    const tied = ['k', 'b', 'f', 'a', 'j', 'c', 'l', 'e', 'h', 'd', 'g', 'i'].map((id) => supplier(id));
    const expected = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
    expect(
      selectCarousel(tied, 'day')
        .map((s) => s.id)
        .sort(),
    ).toEqual(expected);
    expect(
      selectCarousel([...tied].reverse(), 'day')
        .map((s) => s.id)
        .sort(),
    ).toEqual(expected);
  });
  it('over the days every order of the suppliers comes up, so no supplier is always first or last', () => {
    const three = [supplier('a'), supplier('b'), supplier('c')];
    const orders = new Set(
      Array.from({ length: 60 }, (_, day) =>
        selectCarousel(three, `day-${day}`)
          .map((s) => s.id)
          .join(''),
      ),
    );
    expect([...orders].sort()).toEqual(['abc', 'acb', 'bac', 'bca', 'cab', 'cba']);
  });
});

describe('firstInOrder', () => {
  it('gives what filter, a stable sort and slice give, ties in their original order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: fc.integer({ min: 0, max: 5 }), keep: fc.boolean(), id: fc.nat() }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 70 }),
        (items, size) => {
          const compare = (a: { key: number }, b: { key: number }) => a.key - b.key;
          const keep = (item: { keep: boolean }) => item.keep;
          const expected = items.filter(keep).sort(compare).slice(0, size);
          expect(firstInOrder(items, size, keep, compare)).toEqual(expected);
        },
      ),
    );
  });
});
