import type { CatalogSnapshot } from '../../../db/queries/catalog-snapshot';
import type { ProductDoc } from '../../../db/schema/products';
import { to } from '../../routes/paths';
import type { CmsPageContent, LocalUrlLookup, UrlTarget } from './url-resolver';
import { normalizeUrlPath } from './url-resolver';

export interface CatalogUrlSources {
  /** The latest catalogue snapshot, or null when there is no local catalogue yet. */
  snapshot(): Promise<CatalogSnapshot | null>;
  cmsPages(): Promise<readonly CmsPageContent[]>;
}

interface PathIndex {
  products: Map<string, ProductDoc>;
  categories: Map<string, string>;
}

/** A product's page: its parent's, with the product preselected as `?childSku=`, or its own. */
export function productPagePath(product: ProductDoc, bySku: ReadonlyMap<string, ProductDoc>): string {
  if (product.parent_sku === '') return to.product(product.sku, product.slug);
  const parent = bySku.get(product.parent_sku);
  const params = new URLSearchParams({ childSku: product.sku });
  return `${to.product(product.parent_sku, parent?.slug ?? product.slug)}?${params.toString()}`;
}

function buildIndex(snapshot: CatalogSnapshot): PathIndex {
  const products = new Map<string, ProductDoc>();
  for (const product of snapshot.products) {
    for (const key of [product.url_path, product.url_key, product.slug]) {
      if (key) products.set(normalizeUrlPath(key), product);
    }
  }
  const categories = new Map<string, string>();
  for (const category of snapshot.categories) {
    if (!category.is_active) continue;
    categories.set(normalizeUrlPath(category.url_path), category.slug);
    if (category.url_key) categories.set(normalizeUrlPath(category.url_key), category.slug);
  }
  return { products, categories };
}

/**
 * The local catalogue half of the dispatcher's lookup: products by url_path, url_key or slug,
 * active categories by url_path, CMS pages by identifier. Works offline after the first sync.
 */
export function createCatalogUrlLookup(sources: CatalogUrlSources): LocalUrlLookup {
  const indexes = new WeakMap<CatalogSnapshot, PathIndex>();
  return {
    async find(path): Promise<UrlTarget | null> {
      const key = normalizeUrlPath(path);
      const snapshot = await sources.snapshot();
      if (snapshot) {
        let index = indexes.get(snapshot);
        if (!index) {
          index = buildIndex(snapshot);
          indexes.set(snapshot, index);
        }
        const product = index.products.get(key);
        if (product) return { kind: 'redirect', to: productPagePath(product, snapshot.bySku) };
        const categorySlug = index.categories.get(key);
        if (categorySlug) return { kind: 'redirect', to: to.category(categorySlug) };
      }
      const page = (await sources.cmsPages()).find((p) => normalizeUrlPath(p.identifier) === key);
      return page ? { kind: 'cms_page', page } : null;
    },
  };
}
