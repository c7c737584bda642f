import { RELATED_PRODUCTS_LIMIT, relatedLinkSkus, selectRelated } from '../../domain/related-products';
import type { AppDatabase } from '../database';
import type { ProductDoc } from '../schema/products';

/** How many of the supplier's products the same-category fallback looks at (an index scan, not the catalogue). */
export const RELATED_SCAN_LIMIT = 400;

/**
 * Up to 8 related products (docs/product-rules.md §5): the product's "related" links when it has any, otherwise
 * listed products of the same supplier sharing a category, alphabetically. The fallback scans a
 * bounded slice of the supplier index: a sorted query over a whole large catalogue is slow on Dexie
 * (docs/field-notes.md §1.4: 1.2 s for 20,000 documents).
 */
export async function findRelatedProducts(
  db: AppDatabase,
  product: ProductDoc,
  options: { listOutOfStock?: boolean } = {},
): Promise<ProductDoc[]> {
  const linked = relatedLinkSkus(product);
  let candidates: ProductDoc[];
  if (linked.length > 0) {
    const docs = await db.products.findByIds(linked).exec();
    candidates = [...docs.values()].map((doc) => doc.toMutableJSON() as ProductDoc);
  } else {
    const docs = await db.products
      .find({
        selector: { supplier_id: product.supplier_id },
        sort: [{ supplier_id: 'asc' }, { name_az: 'asc' }],
        limit: RELATED_SCAN_LIMIT,
      })
      .exec();
    candidates = docs.map((doc) => doc.toMutableJSON() as ProductDoc);
  }
  return selectRelated(product, candidates, { limit: RELATED_PRODUCTS_LIMIT, ...options });
}
