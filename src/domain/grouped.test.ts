import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupedItems } from './grouped';

const products = new Map([
  ['S1', { sku: 'S1', type_id: 'simple' }],
  ['S2', { sku: 'S2', type_id: 'simple' }],
  ['C1', { sku: 'C1', type_id: 'configurable' }],
  ['R1', { sku: 'R1', type_id: 'simple' }],
]);

describe('groupedItems', () => {
  it('lists only associated simple products, in link position order, with their default quantity', () => {
    const items = groupedItems(
      [
        { link_type: 'associated', linked_product_sku: 'S2', position: 2, qty: 3 },
        { link_type: 'associated', linked_product_sku: 'C1', position: 3 },
        { link_type: 'related', linked_product_sku: 'R1', position: 0 },
        { link_type: 'associated', linked_product_sku: 'S1', position: 1 },
        { link_type: 'associated', linked_product_sku: 'GONE', position: 4 },
      ],
      products,
    );
    expect(items.map((i) => [i.product.sku, i.qty])).toEqual([
      ['S1', 1],
      ['S2', 3],
    ]);
  });

  it('follows link positions whatever order the links arrive in', () => {
    const skus = ['S1', 'S2', 'R1'];
    fc.assert(
      fc.property(
        fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 3, maxLength: 3 }),
        fc.constantFrom(false, true),
        (positions, reverse) => {
          const links = skus.map((sku, i) => ({ link_type: 'associated', linked_product_sku: sku, position: positions[i] }));
          const items = groupedItems(reverse ? links.reverse() : links, products);
          const expected = skus.map((sku, i) => ({ sku, position: positions[i] ?? 0 })).sort((a, b) => a.position - b.position);
          expect(items.map((i) => i.product.sku)).toEqual(expected.map((e) => e.sku));
        },
      ),
    );
  });

  it('keeps the catalogue order of links without positions', () => {
    const links = ['S2', 'R1', 'S1'].map((sku) => ({ link_type: 'associated', linked_product_sku: sku }));
    expect(groupedItems(links, products).map((i) => i.product.sku)).toEqual(['S2', 'R1', 'S1']);
  });

  it('is empty without associated links', () => {
    expect(groupedItems([], products)).toEqual([]);
  });
});
