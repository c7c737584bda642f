import { describe, expect, it } from 'vitest';
import { makeProduct } from '../testing/documents';
import type { ProductDoc } from '../schema/products';
import type { CatalogSnapshot } from './catalog-snapshot';
import { categoryTree } from './category-tree';
import { makeCategory, makeSupplier } from './listing-fixtures';
import { BRIDGE_PRICE_VIEW, scopedProducts, sortedListing } from './listing-products';
import { filterSuppliers, parseSupplierFilters, supplierIndex } from './supplier-index';

function snapshotOf(products: ProductDoc[], extra: Partial<CatalogSnapshot> = {}): CatalogSnapshot {
  return {
    version: 1,
    products,
    bySku: new Map(products.map((p) => [p.sku, p])),
    categories: [
      makeCategory({ id: '2', parent_id: '', level: 1, name: 'Όλα', slug: 'all-products' }),
      makeCategory({ id: '10', parent_id: '2', level: 2, position: 2, name: 'Τρόφιμα', slug: 'food' }),
      makeCategory({ id: '11', parent_id: '10', level: 3, position: 1, name: 'Λάδι', slug: 'oil' }),
      makeCategory({ id: '12', parent_id: '10', level: 3, position: 0, name: 'Ζυμαρικά', slug: 'pasta' }),
      makeCategory({ id: '20', parent_id: '2', level: 2, position: 1, name: 'Καθαριστικά', slug: 'cleaning' }),
    ],
    suppliers: [],
    ...extra,
  };
}

const products = [
  makeProduct({ sku: 'OIL', name_az: 'c', category_ids: ['10', '11'], supplier_id: 's1' }),
  makeProduct({ sku: 'PASTA', name_az: 'b', category_ids: ['10', '12'], supplier_id: 's2' }),
  makeProduct({ sku: 'FOOD', name_az: 'd', category_ids: ['10'], supplier_id: 's1' }),
  makeProduct({ sku: 'SOAP', name_az: 'a', category_ids: ['20'], supplier_id: 's1' }),
];
const skus = (list: readonly ProductDoc[]) => list.map((p) => p.sku);

describe('listing scopes', () => {
  const snapshot = snapshotOf(products);
  it('/c/{slug} lists the products whose deepest category it is; /c/{slug}/all everything below', () => {
    expect(skus(scopedProducts(snapshot, { categoryId: '10', includeSubcategories: false, supplierId: null }))).toEqual(['FOOD']);
    expect(skus(scopedProducts(snapshot, { categoryId: '10', includeSubcategories: true, supplierId: null })).sort()).toEqual([
      'FOOD',
      'OIL',
      'PASTA',
    ]);
  });
  it('narrows to a supplier, or lists all of a supplier without a category', () => {
    expect(skus(scopedProducts(snapshot, { categoryId: '10', includeSubcategories: true, supplierId: 's1' }))).toEqual(['OIL', 'FOOD']);
    expect(skus(scopedProducts(snapshot, { categoryId: null, includeSubcategories: true, supplierId: 's1' }))).toEqual([
      'OIL',
      'FOOD',
      'SOAP',
    ]);
  });
  it('sorts by category in tree order (position), and reuses the sorted array for the same snapshot', () => {
    const scope = { categoryId: null, includeSubcategories: true, supplierId: null };
    const sorted = sortedListing(snapshot, scope, 'category', BRIDGE_PRICE_VIEW);
    expect(skus(sorted)).toEqual(['SOAP', 'FOOD', 'PASTA', 'OIL']);
    expect(sortedListing(snapshot, scope, 'category', BRIDGE_PRICE_VIEW)).toBe(sorted);
  });
  it('builds breadcrumbs below the root and children in position order', () => {
    const tree = categoryTree(snapshot);
    expect(tree.pathOf('11').map((c) => c.slug)).toEqual(['food', 'oil']);
    expect(tree.childrenOf('10').map((c) => c.slug)).toEqual(['pasta', 'oil']);
    expect(tree.tops.map((c) => c.slug)).toEqual(['cleaning', 'food']);
  });
});

describe('supplier list', () => {
  it('hides inactive suppliers, keeps locked ones, newest activation first, filters from the URL', () => {
    const suppliers = [
      makeSupplier({ id: 'a', activation_date: 1, payment_methods: [1, 2] }),
      makeSupplier({ id: 'b', activation_date: 3, status: 'locked', payment_methods: [3] }),
      makeSupplier({ id: 'c', activation_date: 2, status: 'inactive' }),
    ];
    const index = supplierIndex(snapshotOf([], { suppliers }));
    expect(index.listed.map((s) => s.id)).toEqual(['b', 'a']);
    expect(filterSuppliers(index, parseSupplierFilters(new URLSearchParams('payment=2'))).map((s) => s.id)).toEqual(['a']);
  });
});

describe('listing reads at 20,000 products (measured, not asserted)', () => {
  it('prints bucket + sort time for a fresh snapshot and a cached page read', () => {
    const many = Array.from({ length: 20_000 }, (_, i) =>
      makeProduct({
        sku: `P${i}`,
        name_az: `n${(i * 7919) % 20_000}`,
        final_price: (i * 37) % 30_000,
        category_ids: ['10', i % 2 ? '11' : '12'],
      }),
    );
    const snapshot = snapshotOf(many);
    const scope = { categoryId: '10', includeSubcategories: true, supplierId: null };
    let start = performance.now();
    const sorted = sortedListing(snapshot, scope, 'price_asc', BRIDGE_PRICE_VIEW);
    const first = performance.now() - start;
    start = performance.now();
    sortedListing(snapshot, scope, 'price_asc', BRIDGE_PRICE_VIEW).slice(0, 50);
    const cached = performance.now() - start;
    console.info(`[measure] 20,000 products: first sorted read ${first.toFixed(1)} ms, cached page ${cached.toFixed(2)} ms`);
    expect(sorted).toHaveLength(20_000);
  });
});
