/**
 * The cart hash (docs/product-rules.md §4 "Cart totals"): totals are fetched from the bridge again only
 * when it changed. It covers what totals depend on (sku, quantity, price, supplier, exclusions, coupon)
 * and not the order of the lines. cyrb53: a fast 53-bit string hash; collisions only cost a skipped sync
 * of totals the device also computes itself.
 */
export interface HashedLine {
  sku: string;
  qty: number;
  price: number;
  supplierId: string;
}

function cyrb53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export function cartHash(lines: readonly HashedLine[], excludedSuppliers: readonly string[] = [], coupon = ''): string {
  const canonical = lines
    .map((l) => `${l.sku}\u0000${l.qty}\u0000${l.price}\u0000${l.supplierId}`)
    .sort()
    .join('\u0001');
  const extras = `${[...excludedSuppliers].sort().join(',')}\u0002${coupon}`;
  return lines.length === 0 && excludedSuppliers.length === 0 && coupon === '' ? '' : cyrb53(`${canonical}\u0002${extras}`).toString(36);
}

/** A totals sync is needed when there is no stored hash, it changed, or totals were never synced. */
export function totalsSyncNeeded(current: string, stored: string | undefined, lastTotalsSyncAt: number | undefined): boolean {
  return !stored || stored !== current || lastTotalsSyncAt === undefined;
}
