import { describe, expect, it } from 'vitest';
import { isRelatable, selectRelated, type RelatableProduct } from './related-products';

function product(sku: string, extra: Partial<RelatableProduct> = {}): RelatableProduct {
  return { sku, status: 1, visibility: 4, is_in_stock: true, supplier_id: 'sup-1', category_ids: ['12'], ...extra };
}

const self = product('SELF', { category_ids: ['12', '15'] });

describe('isRelatable', () => {
  it('accepts visibility 2, 3 and 4 with status 1 and stock', () => {
    for (const visibility of [2, 3, 4]) expect(isRelatable(product('A', { visibility }), self)).toBe(true);
  });

  it('refuses visibility 1, a status other than 1, out of stock, and the product itself', () => {
    expect(isRelatable(product('A', { visibility: 1 }), self)).toBe(false);
    expect(isRelatable(product('A', { visibility: 5 }), self)).toBe(false);
    expect(isRelatable(product('A', { status: 0 }), self)).toBe(false);
    expect(isRelatable(product('A', { status: 2 }), self)).toBe(false);
    expect(isRelatable(product('A', { is_in_stock: false }), self)).toBe(false);
    expect(isRelatable(self, self)).toBe(false);
  });

  it('accepts out of stock when out-of-stock listing is on', () => {
    expect(isRelatable(product('A', { is_in_stock: false }), self, { listOutOfStock: true })).toBe(true);
  });
});

describe('selectRelated', () => {
  it('without related links: same supplier and a shared category, at most 8', () => {
    const candidates = [
      self,
      product('OTHER-SUP', { supplier_id: 'sup-2' }),
      product('OTHER-CAT', { category_ids: ['99'] }),
      product('CAT-15', { category_ids: ['15'] }),
      ...Array.from({ length: 10 }, (_, i) => product(`P${i}`)),
    ];
    const related = selectRelated(self, candidates);
    expect(related).toHaveLength(8);
    expect(related.map((p) => p.sku)).toEqual(['CAT-15', 'P0', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6']);
  });

  it('with related links: the linked products in link order, other suppliers allowed, rules still applied', () => {
    const linkedSelf = product('SELF', {
      product_links: [
        { link_type: 'related', linked_product_sku: 'L2' },
        { link_type: 'associated', linked_product_sku: 'A1' },
        { link_type: 'related', linked_product_sku: 'L1' },
        { link_type: 'related', linked_product_sku: 'L-OFF' },
      ],
    });
    const candidates = [
      product('L1'),
      product('L2', { supplier_id: 'sup-9', category_ids: [] }),
      product('A1'),
      product('L-OFF', { status: 2 }),
      product('P0'),
    ];
    expect(selectRelated(linkedSelf, candidates).map((p) => p.sku)).toEqual(['L2', 'L1']);
  });

  it('a product sharing one of several categories is related', () => {
    const candidates = [product('BOTH', { category_ids: ['99', '15'] }), product('NONE', { category_ids: ['99'] })];
    expect(selectRelated(self, candidates).map((p) => p.sku)).toEqual(['BOTH']);
  });

  it('with related links: at most 8, each once, skipping links to products not in the catalogue', () => {
    const skus = Array.from({ length: 12 }, (_, i) => `L${i}`);
    const linkedSelf = product('SELF', {
      product_links: ['GONE', 'L0', ...skus].map((sku) => ({ link_type: 'related', linked_product_sku: sku })),
    });
    expect(
      selectRelated(
        linkedSelf,
        skus.map((sku) => product(sku)),
      ).map((p) => p.sku),
    ).toEqual(skus.slice(0, 8));
  });
});
