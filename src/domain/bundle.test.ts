import { describe, expect, it } from 'vitest';
import { bundlePrice, defaultBundleSelections, type BundleOption } from './bundle';

const options: BundleOption[] = [
  {
    option_id: 12,
    title: 'Επιλογή 2',
    required: true,
    position: 2,
    product_links: [
      { sku: 'B', qty: 3, is_default: false, position: 1 },
      { sku: 'C', qty: 2, is_default: true, position: 2 },
    ],
  },
  {
    option_id: 11,
    title: 'Επιλογή 1',
    required: true,
    position: 1,
    product_links: [
      { sku: 'E', qty: 1, is_default: false, position: 2 },
      { sku: 'D', qty: 1, is_default: false, position: 1 },
    ],
  },
  { option_id: 13, title: 'Κενή', required: false, position: 3, product_links: [] },
];

const prices: Record<string, number> = { B: 250, C: 1099, D: 400, E: 0 };
const priceOf = (sku: string) => prices[sku] ?? null;

describe('defaultBundleSelections', () => {
  it('takes the default link of each option, else the first by position, always with quantity 1', () => {
    expect(defaultBundleSelections(options)).toEqual([
      { option_id: 11, sku: 'D', qty: 1 },
      { option_id: 12, sku: 'C', qty: 1 },
    ]);
  });
});

describe('bundlePrice', () => {
  it('is the sum of each selected price times its quantity', () => {
    expect(bundlePrice(defaultBundleSelections(options), priceOf)).toBe(1499);
    expect(
      bundlePrice(
        [
          { option_id: 11, sku: 'D', qty: 2 },
          { option_id: 12, sku: 'B', qty: 3 },
        ],
        priceOf,
      ),
    ).toBe(1550);
  });

  it('counts quantity 0 and negative quantities as nothing', () => {
    expect(
      bundlePrice(
        [
          { option_id: 11, sku: 'D', qty: 0 },
          { option_id: 12, sku: 'C', qty: -2 },
          { option_id: 13, sku: 'B', qty: 1 },
        ],
        priceOf,
      ),
    ).toBe(250);
  });

  it('does not apply a total of 0 (the bundle keeps its own price)', () => {
    expect(bundlePrice([{ option_id: 11, sku: 'E', qty: 4 }], priceOf)).toBeNull();
    expect(bundlePrice([], priceOf)).toBeNull();
  });

  it('gives no price when a selected product is unknown locally, rather than a total missing it', () => {
    expect(bundlePrice([{ option_id: 11, sku: 'MISSING', qty: 1 }], priceOf)).toBeNull();
    expect(
      bundlePrice(
        [
          { option_id: 11, sku: 'D', qty: 1 },
          { option_id: 12, sku: 'MISSING', qty: 1 },
        ],
        priceOf,
      ),
    ).toBeNull();
  });

  it('does not need the price of a product chosen 0 times', () => {
    expect(
      bundlePrice(
        [
          { option_id: 11, sku: 'D', qty: 1 },
          { option_id: 12, sku: 'MISSING', qty: 0 },
        ],
        priceOf,
      ),
    ).toBe(400);
  });
});
