export const RELATED_PRODUCTS_LIMIT = 8;

export interface RelatableProduct {
  sku: string;
  status: number;
  visibility: number;
  is_in_stock: boolean;
  supplier_id: string;
  category_ids: readonly string[];
  product_links?: readonly { link_type: string; linked_product_sku: string }[] | undefined;
}

export interface RelatedOptions {
  /** Out-of-stock listing (off by default): when off, related products must be in stock. */
  listOutOfStock?: boolean;
  limit?: number;
}

/** docs/product-rules.md §5: visibility 2, 3 or 4; status 1; in stock when out-of-stock listing is off; not the product itself. */
export function isRelatable(candidate: RelatableProduct, self: { sku: string }, options: RelatedOptions = {}): boolean {
  return (
    candidate.sku !== self.sku &&
    candidate.status === 1 &&
    candidate.visibility >= 2 &&
    candidate.visibility <= 4 &&
    (options.listOutOfStock === true || candidate.is_in_stock)
  );
}

/** The skus the product names as related (product_links of type "related"), in their order. */
export function relatedLinkSkus(product: RelatableProduct): string[] {
  return product.product_links?.filter((l) => l.link_type === 'related').map((l) => l.linked_product_sku) ?? [];
}

/**
 * Up to 8 related products: the linked ones in link order when the product names any, otherwise
 * products of the same supplier sharing a category, in the candidates' order.
 */
export function selectRelated<P extends RelatableProduct>(
  product: RelatableProduct,
  candidates: readonly P[],
  options: RelatedOptions = {},
): P[] {
  const limit = options.limit ?? RELATED_PRODUCTS_LIMIT;
  const linked = relatedLinkSkus(product);
  const ok = (p: P) => isRelatable(p, product, options);
  if (linked.length > 0) {
    const bySku = new Map(candidates.map((p) => [p.sku, p]));
    return [...new Set(linked)]
      .map((sku) => bySku.get(sku))
      .filter((p): p is P => p !== undefined && ok(p))
      .slice(0, limit);
  }
  const categories = new Set(product.category_ids);
  return candidates
    .filter((p) => p.supplier_id === product.supplier_id && p.category_ids.some((id) => categories.has(id)))
    .filter(ok)
    .slice(0, limit);
}
