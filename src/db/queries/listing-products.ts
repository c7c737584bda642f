import { sortProducts, type SortOption } from '../../domain/listing';
import type { Cents } from '../../domain/money';
import type { ProductDoc } from '../schema/products';
import type { CatalogSnapshot } from './catalog-snapshot';
import { categoryTree, leafCategoryId } from './category-tree';

/**
 * Listing reads on the in-memory snapshot (decision record 010). Per snapshot version: each scope's products
 * are found in one pass over the catalogue, and each (scope, sort, price setting) order is sorted once, then
 * both are reused by every page, filter change and re-render until the catalogue changes.
 */
export interface ListingScope {
  /** null: the whole catalogue (e.g. /c/all/s/{supplier}). */
  categoryId: string | null;
  /** true for /c/{slug}/all: every product below the category; false: its own (leaf) products. */
  includeSubcategories: boolean;
  supplierId: string | null;
}

interface SnapshotCache {
  /** Each product's deepest category's rank in the tree, filled for the products a sort asks about. */
  leafRank: Map<ProductDoc, number>;
  scoped: Map<string, readonly ProductDoc[]>;
  sorted: Map<string, readonly ProductDoc[]>;
}

const caches = new WeakMap<CatalogSnapshot, SnapshotCache>();

function cacheOf(snapshot: CatalogSnapshot): SnapshotCache {
  let cache = caches.get(snapshot);
  if (!cache) {
    cache = { leafRank: new Map(), scoped: new Map(), sorted: new Map() };
    caches.set(snapshot, cache);
  }
  return cache;
}

/**
 * The products of one scope, in one pass over the catalogue. (Buckets of every category and supplier built
 * at once cost a listing's first render at 100,000 products a pass that pushed each product into three to
 * five lists and a rank map, for the one scope the page shows.)
 */
function productsOf(snapshot: CatalogSnapshot, scope: ListingScope): readonly ProductDoc[] {
  const { categoryId, supplierId } = scope;
  if (categoryId === null) return supplierId === null ? snapshot.products : snapshot.products.filter((p) => p.supplier_id === supplierId);
  const tree = scope.includeSubcategories ? null : categoryTree(snapshot);
  return snapshot.products.filter(
    (p) =>
      (supplierId === null || p.supplier_id === supplierId) &&
      p.category_ids.includes(categoryId) &&
      (tree === null || leafCategoryId(p.category_ids, tree) === categoryId),
  );
}

const scopeKey = (scope: ListingScope): string =>
  `${scope.categoryId ?? '*'}|${scope.includeSubcategories ? 'all' : 'own'}|${scope.supplierId ?? '*'}`;

/** The products of a listing scope, unsorted (snapshot order). */
export function scopedProducts(snapshot: CatalogSnapshot, scope: ListingScope): readonly ProductDoc[] {
  const cache = cacheOf(snapshot);
  const key = scopeKey(scope);
  let rows = cache.scoped.get(key);
  if (!rows) {
    rows = productsOf(snapshot, scope);
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
    const { leafRank } = cache;
    const tree = categoryTree(snapshot);
    rows = sortProducts(scopedProducts(snapshot, scope), sort, {
      priceOf: price.priceOf,
      categoryRankOf: (p) => {
        let rank = leafRank.get(p);
        if (rank === undefined) {
          const leaf = leafCategoryId(p.category_ids, tree);
          rank = leaf === null ? Number.MAX_SAFE_INTEGER : tree.rankOf(leaf);
          leafRank.set(p, rank);
        }
        return rank;
      },
    });
    cache.sorted.set(key, rows);
  }
  return rows;
}

/** The bridge's final_price: the price view of tests and of callers without a session. */
export const BRIDGE_PRICE_VIEW: PriceView = { key: 'bridge', priceOf: (p) => p.final_price };
