export interface GroupedLink {
  link_type: string;
  linked_product_sku: string;
  position?: number | undefined;
  qty?: number | undefined;
}

export interface GroupedCandidate {
  sku: string;
  type_id: string;
}

export interface GroupedItem<P> {
  product: P;
  /** The default quantity the grouped product suggests; 1 when it gives none. */
  qty: number;
}

/** docs/product-rules.md §5: a grouped product offers only its associated simple products, in link position order. */
export function groupedItems<P extends GroupedCandidate>(
  links: readonly GroupedLink[],
  productsBySku: ReadonlyMap<string, P>,
): GroupedItem<P>[] {
  return links
    .filter((link) => link.link_type === 'associated')
    .map((link, index) => ({ link, index }))
    .sort((a, b) => (a.link.position ?? a.index) - (b.link.position ?? b.index))
    .flatMap(({ link }) => {
      const product = productsBySku.get(link.linked_product_sku);
      return product && product.type_id === 'simple' ? [{ product, qty: link.qty ?? 1 }] : [];
    });
}
