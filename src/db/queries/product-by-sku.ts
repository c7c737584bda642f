import { map, type Observable } from 'rxjs';
import type { AppDatabase } from '../database';
import type { ProductDoc } from '../schema/products';
import { productChildren } from './product-structure';

/**
 * One product, live: emits again whenever replication writes a new version (a price change shows on
 * an open page without a reload); null while it is not in the local database.
 */
export function observeProduct(db: AppDatabase, sku: string): Observable<ProductDoc | null> {
  return db.products.findOne(sku).$.pipe(map((doc) => (doc ? (doc.toMutableJSON() as ProductDoc) : null)));
}

/** Several products by sku, live, as a map (bundle selections, grouped items, recently viewed). */
export function observeProductsBySku(db: AppDatabase, skus: readonly string[]): Observable<Map<string, ProductDoc>> {
  return db.products
    .findByIds([...skus])
    .$.pipe(map((docs) => new Map([...docs.values()].map((doc) => [doc.sku, doc.toMutableJSON() as ProductDoc]))));
}

export type ProductRouteTarget =
  { kind: 'product'; product: ProductDoc } | { kind: 'child'; parent: ProductDoc; childSku: string } | { kind: 'missing' };

/**
 * Children of configurable products are not listed (visibility 1), so they are not documents of their
 * own: they live inside the parent, whose sku is a dash-separated prefix of theirs (PAP-000123-RED-XL →
 * PAP-000123). Used when a link names a child directly (docs/product-rules.md §4 Product load: replace to the parent).
 */
export async function findProductRouteTarget(db: AppDatabase, sku: string): Promise<ProductRouteTarget> {
  const direct = await db.products.findOne(sku).exec();
  if (direct) return { kind: 'product', product: direct.toMutableJSON() as ProductDoc };
  const parts = sku.split('-');
  const prefixes = parts
    .slice(1)
    .map((_, i) => parts.slice(0, parts.length - 1 - i).join('-'))
    .filter((p) => p.length > 0);
  if (prefixes.length === 0) return { kind: 'missing' };
  const candidates = await db.products.findByIds(prefixes).exec();
  for (const prefix of prefixes) {
    const parent = candidates.get(prefix);
    if (parent && productChildren(parent).some((child) => child.sku === sku)) {
      return { kind: 'child', parent: parent.toMutableJSON() as ProductDoc, childSku: sku };
    }
  }
  return { kind: 'missing' };
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Products whose sku or name contains `text` (case-insensitive), the one with exactly that sku first, at most
 * `limit`: the product admin page's finder (docs/decisions/025-admin-login-as.md).
 */
export async function findProductsBySkuOrName(db: AppDatabase, text: string, limit: number): Promise<ProductDoc[]> {
  const pattern = escapeRegex(text);
  const [exact, matches] = await Promise.all([
    db.products.findOne(text).exec(),
    db.products
      .find({
        selector: { $or: [{ sku: { $regex: pattern, $options: 'i' } }, { name: { $regex: pattern, $options: 'i' } }] },
        limit,
      })
      .exec(),
  ]);
  const docs = [exact, ...matches].filter((d) => d !== null).map((d) => d.toMutableJSON() as ProductDoc);
  return [...new Map(docs.map((d) => [d.sku, d])).values()].slice(0, limit);
}
