import { bundlePrice, type BundleSelection } from '../bundle';
import type { Cents } from '../money';
import { finalPrice, type PricedItem } from '../pricing';

/** What a line names: its sku, its kind and, for a bundle, the products chosen for each option. */
export interface PricedLine {
  sku: string;
  type_id: 'simple' | 'configurable' | 'bundle' | 'grouped';
  options?: Record<string, unknown> | undefined;
}

/** The bundle choices a line carries (`options.bundle_options`), or [] when it carries none in that shape. */
export function bundleSelectionsOf(options: Record<string, unknown> | undefined): BundleSelection[] {
  const raw = options?.bundle_options;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((s: unknown) => {
    if (!s || typeof s !== 'object') return [];
    const { option_id: optionId, sku, qty } = s as Record<string, unknown>;
    return typeof optionId === 'number' && typeof sku === 'string' && typeof qty === 'number' ? [{ option_id: optionId, sku, qty }] : [];
  });
}

/**
 * A line's unit price excluding VAT now (docs/product-rules.md §5): the sku's final price; for a bundle, the
 * sum of its chosen products' prices when that is above 0, otherwise the bundle's own. Null when a price
 * needed is unknown. `priced` looks a sku up (a product or a variant).
 */
export function currentLinePrice(line: PricedLine, priced: (sku: string) => PricedItem | undefined, now: number): Cents | null {
  const own = priced(line.sku);
  if (line.type_id === 'bundle') {
    const selections = bundleSelectionsOf(line.options);
    const total =
      selections.length > 0
        ? bundlePrice(selections, (sku) => {
            const item = priced(sku);
            return item ? finalPrice(item, now) : null;
          })
        : null;
    if (total !== null) return total;
  }
  return own ? finalPrice(own, now) : null;
}
