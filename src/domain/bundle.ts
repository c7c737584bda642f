import type { Cents } from './money';

export interface BundleLink {
  sku: string;
  qty: number;
  is_default: boolean;
  position: number;
}

export interface BundleOption {
  option_id: number;
  title: string;
  title_en?: string | undefined;
  required: boolean;
  position: number;
  product_links: BundleLink[];
}

export interface BundleSelection {
  option_id: number;
  sku: string;
  qty: number;
}

/** docs/product-rules.md §5: each option starts on its default link (the first by position when none is marked) with quantity 1. */
export function defaultBundleSelections(options: readonly BundleOption[]): BundleSelection[] {
  return [...options]
    .sort((a, b) => a.position - b.position)
    .flatMap((option) => {
      const links = [...option.product_links].sort((a, b) => a.position - b.position);
      const chosen = links.find((link) => link.is_default) ?? links[0];
      return chosen ? [{ option_id: option.option_id, sku: chosen.sku, qty: 1 }] : [];
    });
}

/**
 * docs/product-rules.md §5: the bundle costs the sum of each selected product's price times its quantity (negative
 * quantities count as 0), and that sum replaces the bundle's own price only when it is above 0 — null
 * otherwise, also when a selected product's price is unknown.
 */
export function bundlePrice(selections: readonly BundleSelection[], priceOf: (sku: string) => Cents | null): Cents | null {
  let total = 0;
  for (const selection of selections) {
    const qty = Math.max(0, selection.qty);
    if (qty === 0) continue;
    const price = priceOf(selection.sku);
    if (price === null) return null;
    total += price * qty;
  }
  return total > 0 ? Math.round(total) : null;
}
