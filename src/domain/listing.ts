import type { Cents } from './money';
import { isInPriceRange, priceRangeById, type PriceRange } from './price-ranges';

/**
 * Listing rules as pure functions over plain rows (docs/product-rules.md §9): sort options, price range and attribute
 * filters, pages of 50, the home page selections. Nothing here knows RxDB or React.
 */

export const SORT_OPTIONS = ['latest', 'price_asc', 'price_desc', 'name_az', 'category'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortOption = 'name_az';
export const LISTING_PAGE_SIZE = 50;

/** The fields listings read; ProductDoc satisfies it. */
export interface ListedProduct {
  sku: string;
  name_az: string;
  final_price: Cents;
  updated_at: number;
  created_at?: number | undefined;
  category_ids: readonly string[];
  is_in_stock: boolean;
  new?: boolean | undefined;
  sale?: boolean | undefined;
  measurement_unit?: string | undefined;
  configurable_options?: readonly unknown[] | undefined;
}

export interface SortContext<P> {
  /** The price the buyer sees (with or without VAT); default final_price. */
  priceOf?: (product: P) => Cents;
  /** Tree order of a product's category for "By category"; default 0. */
  categoryRankOf?: (product: P) => number;
}

/** Code-unit order, as the name sort key is built for; the same on every device, unlike localeCompare. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byName = (a: ListedProduct, b: ListedProduct): number => compareText(a.name_az, b.name_az) || compareText(a.sku, b.sku);

/** Returns a new array; ties fall back to name then sku so pages never shuffle between renders. */
export function sortProducts<P extends ListedProduct>(products: readonly P[], sort: SortOption, context: SortContext<P> = {}): P[] {
  const priceOf = context.priceOf ?? ((p: P) => p.final_price);
  // Stryker disable next-line ArrowFunction: any constant rank (undefined becomes 0 below) leaves plain name order
  const rankOf = context.categoryRankOf ?? (() => 0);
  const rows = [...products];
  switch (sort) {
    case 'latest':
      return rows.sort((a, b) => b.updated_at - a.updated_at || byName(a, b));
    case 'price_asc':
    case 'price_desc': {
      const sign = sort === 'price_asc' ? 1 : -1;
      const prices = new Map(rows.map((p) => [p, priceOf(p)]));
      return rows.sort((a, b) => sign * ((prices.get(a) ?? 0) - (prices.get(b) ?? 0)) || byName(a, b));
    }
    case 'category': {
      const ranks = new Map(rows.map((p) => [p, rankOf(p)]));
      return rows.sort((a, b) => (ranks.get(a) ?? 0) - (ranks.get(b) ?? 0) || byName(a, b));
    }
    case 'name_az':
      return rows.sort(byName);
  }
}

export function parseSort(value: string | null | undefined): SortOption {
  return SORT_OPTIONS.find((option) => option === value) ?? DEFAULT_SORT;
}

/** Attribute filters: attribute code → accepted values (OR within a code, AND across codes). */
export type AttributeFilters = Readonly<Record<string, readonly string[]>>;

/** URL query keys that are not attribute filters. */
const RESERVED_KEYS = new Set(['sort', 'page', 'price']);

export interface ListingQuery {
  sort: SortOption;
  /** 1-based. */
  page: number;
  priceRange: PriceRange | null;
  attributes: AttributeFilters;
}

/** `?sort=price_asc&price=50-100&unit=pack&color=52&page=2`; unknown values fall back to defaults. */
export function parseListingQuery(search: URLSearchParams): ListingQuery {
  // No prototype: a link such as `?constructor=x` must be an attribute code like any other, not Object's member.
  const attributes = Object.create(null) as Record<string, string[]>;
  for (const [key, value] of search) {
    if (RESERVED_KEYS.has(key) || value === '') continue;
    (attributes[key] ??= []).push(value);
  }
  const pageParameter = search.get('page');
  // Stryker disable next-line StringLiteral: a missing page parses to NaN with any non-numeric fallback, then page 1
  const page = Number.parseInt(pageParameter ?? '1', 10);
  return {
    sort: parseSort(search.get('sort')),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    priceRange: priceRangeById(search.get('price')),
    attributes,
  };
}

/** The inverse of parseListingQuery; defaults are left out so plain listings keep clean URLs. */
export function listingQueryToSearch(query: ListingQuery): URLSearchParams {
  const search = new URLSearchParams();
  if (query.sort !== DEFAULT_SORT) search.set('sort', query.sort);
  if (query.priceRange) search.set('price', query.priceRange.id);
  for (const [code, values] of Object.entries(query.attributes).sort(([a], [b]) => compareText(a, b))) {
    for (const value of values) search.append(code, value);
  }
  if (query.page > 1) search.set('page', String(query.page));
  return search;
}

/** Attribute values of a product: its sale unit, and each configurable option's value ids. */
export function attributeValuesOf(product: ListedProduct): Map<string, Set<string>> {
  const values = new Map<string, Set<string>>();
  if (product.measurement_unit) values.set('unit', new Set([product.measurement_unit]));
  // Stryker disable next-line ArrayDeclaration: whatever stands in for no options is not an option object, so it is skipped
  for (const option of product.configurable_options ?? []) {
    if (typeof option !== 'object' || option === null) continue;
    const { attribute_code: code, values: optionValues } = option as { attribute_code?: unknown; values?: unknown };
    if (typeof code !== 'string' || !Array.isArray(optionValues) || RESERVED_KEYS.has(code)) continue;
    const set = values.get(code) ?? new Set<string>();
    for (const v of optionValues as unknown[]) {
      const index = (v as { value_index?: unknown } | null)?.value_index;
      if (typeof index === 'number' || typeof index === 'string') set.add(String(index));
    }
    values.set(code, set);
  }
  return values;
}

/** A code whose last value was unticked (an empty list) filters nothing. */
export function matchesAttributes(product: ListedProduct, filters: AttributeFilters): boolean {
  const active = Object.entries(filters).filter(([, accepted]) => accepted.length > 0);
  // Stryker disable next-line ConditionalExpression: a shortcut only; every() over no codes is true as well
  if (active.length === 0) return true;
  const values = attributeValuesOf(product);
  return active.every(([code, accepted]) => accepted.some((wanted) => values.get(code)?.has(wanted) === true));
}

export interface ListingFilters<P> {
  priceRange: PriceRange | null;
  attributes: AttributeFilters;
  priceOf?: (product: P) => Cents;
}

export function filterProducts<P extends ListedProduct>(products: readonly P[], filters: ListingFilters<P>): readonly P[] {
  const priceOf = filters.priceOf ?? ((p: P) => p.final_price);
  const { priceRange, attributes } = filters;
  return products.filter((p) => (!priceRange || isInPriceRange(priceOf(p), priceRange)) && matchesAttributes(p, attributes));
}

export interface Page<T> {
  items: readonly T[];
  /** 1-based, clamped to the last page. */
  page: number;
  pageCount: number;
  total: number;
}

export function paginate<T>(items: readonly T[], page: number, pageSize: number = LISTING_PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const start = (current - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), page: current, pageCount, total: items.length };
}

/** docs/product-rules.md §9: carousel 10 suppliers, new collection and bestsellers 8 each. */
export const CAROUSEL_SIZE = 10;
export const HOME_LIST_SIZE = 8;

/**
 * A small seeded PRNG (mulberry32): the same seed gives the same order. Turning one of its additions into
 * a subtraction gives another deterministic sequence that shuffles just as well, which no rule about the
 * carousel can tell apart; those mutants are disabled.
 */
function seededRandom(seed: string): () => number {
  let state = 0;
  // Stryker disable next-line ArithmeticOperator: another seed hash, as good as this one
  for (let i = 0; i < seed.length; i++) state = (Math.imul(state, 31) + seed.charCodeAt(i)) | 0;
  return () => {
    // Stryker disable next-line ArithmeticOperator: a Weyl sequence stepping the other way, as good as this one
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    // Stryker disable next-line ArithmeticOperator: another mix, as good as this one
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const random = seededRandom(seed);
  const rows = [...items];
  for (let i = rows.length - 1; i >= 1; i--) {
    const j = Math.floor(random() * (i + 1));
    [rows[i], rows[j]] = [rows[j] as T, rows[i] as T];
  }
  return rows;
}

interface CarouselSupplier {
  id: string;
  status: string;
  activation_date: number;
}

/**
 * The 10 newest active suppliers by activation_date, then shuffled with `seed` (the home page passes
 * the day, so the order changes daily but not on every render or navigation).
 */
export function selectCarousel<S extends CarouselSupplier>(suppliers: readonly S[], seed: string): S[] {
  const newest = suppliers
    .filter((s) => s.status === 'active')
    .sort((a, b) => b.activation_date - a.activation_date || compareText(a.id, b.id))
    .slice(0, CAROUSEL_SIZE);
  return seededShuffle(newest, seed);
}

/** created_at is optional in the compact document; updated_at is the honest fallback for "newest". */
const createdOf = (p: ListedProduct): number => p.created_at ?? p.updated_at;

/**
 * The first `size` of `items` that `keep` accepts, in `compare` order: what filter, a stable sort and slice
 * give (on ties the earlier item stays), in one pass over the items with a short sorted list instead of a
 * copy and a sort of all of them. The home page asks this of the whole catalogue on every update of the
 * first sync: at 100,000 products the two full sorts cost 0.75 s of it.
 */
export function firstInOrder<T>(items: readonly T[], size: number, keep: (item: T) => boolean, compare: (a: T, b: T) => number): T[] {
  const best: T[] = [];
  if (size <= 0) return best;
  for (const item of items) {
    if (!keep(item)) continue;
    const last = best[best.length - 1];
    if (best.length === size && last !== undefined && compare(item, last) >= 0) continue;
    // After every item that is not greater than this one: equal ones keep their order.
    let low = 0;
    let high = best.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(item, best[mid] as T) < 0) high = mid;
      else low = mid + 1;
    }
    best.splice(low, 0, item);
    if (best.length > size) best.pop();
  }
  return best;
}

/** "New collection": products flagged new first, newest created first; topped up with the newest others. */
export function selectNewCollection<P extends ListedProduct>(products: readonly P[], size: number = HOME_LIST_SIZE): P[] {
  return firstInOrder(
    products,
    size,
    (p) => p.is_in_stock,
    (a, b) => Number(b.new === true) - Number(a.new === true) || createdOf(b) - createdOf(a) || byName(a, b),
  );
}

/**
 * "Bestsellers": the catalogue carries no sales figures, so this is the best signal it has: in-stock
 * products on sale (a current special price), most recently updated first, topped up with other in-stock
 * products. Decision record 010 says so; swap in a popularity field when the bridge sends one.
 */
export function selectBestsellers<P extends ListedProduct>(
  products: readonly P[],
  size: number = HOME_LIST_SIZE,
  exclude: ReadonlySet<string> = new Set(),
): P[] {
  return firstInOrder(
    products,
    size,
    (p) => p.is_in_stock && !exclude.has(p.sku),
    (a, b) => Number(b.sale === true) - Number(a.sale === true) || b.updated_at - a.updated_at || byName(a, b),
  );
}
