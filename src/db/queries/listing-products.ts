import { sortProducts, type SortOption } from '../../domain/listing';
import type { Cents } from '../../domain/money';
import type { ProductDoc } from '../schema/products';
import type { CatalogSnapshot } from './catalog-snapshot';
import { categoryTree, leafCategoryId } from './category-tree';

/**
 * Listing reads on the in-memory snapshot (decision record 010). Per snapshot version: one pass builds
 * the per-category and per-supplier buckets, and each (scope, sort, price setting) order is sorted
 * once and then reused by every page, filter change and re-render until the catalogue changes.
 */
export interface ListingScope {
  /** null: the whole catalogue (e.g. /c/all/s/{supplier}). */
  categoryId: string | null;
  /** true for /c/{slug}/all: every product below the category; false: its own (leaf) products. */
  includeSubcategories: boolean;
  supplierId: string | null;
}

interface Buckets {
  /** Every product under a category (category_ids holds the leaf and each ancestor). */
  below: Map<string, ProductDoc[]>;
  /** Products whose deepest category is this one. */
  direct: Map<string, ProductDoc[]>;
  bySupplier: Map<string, ProductDoc[]>;
  leafRank: Map<ProductDoc, number>;
}

interface SnapshotCache {
  buckets: Buckets;
  scoped: Map<string, readonly ProductDoc[]>;
  sorted: Map<string, readonly ProductDoc[]>;
}

const caches = new WeakMap<CatalogSnapshot, SnapshotCache>();

function push<K>(map: Map<K, ProductDoc[]>, key: K, product: ProductDoc): void {
  const list = map.get(key);
  if (list) list.push(product);
  else map.set(key, [product]);
}

function buildBuckets(snapshot: CatalogSnapshot): Buckets {
  const tree = categoryTree(snapshot);
  const buckets: Buckets = { below: new Map(), direct: new Map(), bySupplier: new Map(), leafRank: new Map() };
  for (const product of snapshot.products) {
    for (const id of product.category_ids) push(buckets.below, id, product);
    const leaf = leafCategoryId(product.category_ids, tree);
    if (leaf !== null) push(buckets.direct, leaf, product);
    buckets.leafRank.set(product, leaf === null ? Number.MAX_SAFE_INTEGER : tree.rankOf(leaf));
    push(buckets.bySupplier, product.supplier_id, product);
  }
  return buckets;
}

function cacheOf(snapshot: CatalogSnapshot): SnapshotCache {
  let cache = caches.get(snapshot);
  if (!cache) {
    cache = { buckets: buildBuckets(snapshot), scoped: new Map(), sorted: new Map() };
    caches.set(snapshot, cache);
  }
  return cache;
}

const scopeKey = (scope: ListingScope): string =>
  `${scope.categoryId ?? '*'}|${scope.includeSubcategories ? 'all' : 'own'}|${scope.supplierId ?? '*'}`;

/** The products of a listing scope, unsorted (snapshot order). */
export function scopedProducts(snapshot: CatalogSnapshot, scope: ListingScope): readonly ProductDoc[] {
  const cache = cacheOf(snapshot);
  const key = scopeKey(scope);
  let rows = cache.scoped.get(key);
  if (!rows) {
    const { buckets } = cache;
    const inCategory =
      scope.categoryId === null
        ? snapshot.products
        : ((scope.includeSubcategories ? buckets.below : buckets.direct).get(scope.categoryId) ?? []);
    rows =
      scope.supplierId === null
        ? inCategory
        : scope.categoryId === null
          ? (buckets.bySupplier.get(scope.supplierId) ?? [])
          : inCategory.filter((p) => p.supplier_id === scope.supplierId);
    cache.scoped.set(key, rows);
  }
  return rows;
}

export interface PriceView {
  /** Changes whenever priceOf would give other numbers (VAT setting, tax rules, day). */
  key: string;
  priceOf: (product: ProductDoc) => Cents;
}

/** A scope in one sort order, cached per snapshot; price sorts are cached per price view. */
export function sortedListing(snapshot: CatalogSnapshot, scope: ListingScope, sort: SortOption, price: PriceView): readonly ProductDoc[] {
  const cache = cacheOf(snapshot);
  const key = `${scopeKey(scope)}|${sort}|${sort.startsWith('price') ? price.key : ''}`;
  let rows = cache.sorted.get(key);
  if (!rows) {
    const { leafRank } = cache.buckets;
    rows = sortProducts(scopedProducts(snapshot, scope), sort, {
      priceOf: price.priceOf,
      categoryRankOf: (p) => leafRank.get(p) ?? Number.MAX_SAFE_INTEGER,
    });
    cache.sorted.set(key, rows);
  }
  return rows;
}

/** The bridge's final_price: the price view of tests and of callers without a session. */
export const BRIDGE_PRICE_VIEW: PriceView = { key: 'bridge', priceOf: (p) => p.final_price };
