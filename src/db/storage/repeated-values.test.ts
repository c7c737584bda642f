import { describe, expect, it, vi } from 'vitest';
import { PRODUCT_REPEATED_VALUES, type ProductDoc } from '../schema/products';
import { makeProduct } from '../testing/documents';
import { RepeatedValues } from './repeated-values';

/** As the log and the pull hand them over: parsed from JSON, every string its own copy. */
function parsed<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function productPool(): RepeatedValues {
  return new RepeatedValues(new Set(['_rev', ...PRODUCT_REPEATED_VALUES.properties]), PRODUCT_REPEATED_VALUES.sameValues);
}

function product(n: number, overrides: Partial<ProductDoc> = {}): ProductDoc & { _rev: string } {
  return parsed({
    ...makeProduct({ sku: `SKU-${n}`, id: String(n), name: `Προϊόν ${n}`, url_key: `p-${n}`, slug: `p-${n}`, ...overrides }),
    _rev: '1-abc',
  });
}

describe('RepeatedValues', () => {
  it('keeps one copy of each value of the listed properties and leaves the documents equal', () => {
    const pool = productPool();
    const docs = [1, 2, 3].map((n) => product(n, n === 3 ? { supplier_id: 'sup-2', supplier_name: 'Άλλος Προμηθευτής' } : {}));
    const before = parsed(docs);
    for (const doc of docs) expect(pool.share(doc)).toBe(doc);
    expect(docs).toEqual(before);
    // _rev, 2 supplier ids, 2 supplier names, type_id, measurement_unit, category ids '12' and '15'.
    expect(pool.size).toBe(9);
  });

  it('does not pool what is unique per document (skus, names, slugs, paths)', () => {
    const pool = productPool();
    for (let n = 0; n < 50; n += 1) pool.share(product(n, { image: `/media/product/SKU-${n}/image.svg`, barcode: `52000000${n}` }));
    expect(pool.size).toBe(7);
  });

  it('pools every string below a listed object (attributes, options) and walks into unlisted ones', () => {
    const pool = productPool();
    const variant = (n: number) => ({
      sku: `V-${n}`,
      name: `Παραλλαγή ${n}`,
      custom_attributes: [{ attribute_code: 'color', value: 'Black' }],
    });
    const doc = product(1, {
      attributes: { color: 'Black', size: ['S', 'M'] },
      configurable_children: [variant(1), variant(2)],
      configurable_options: [{ attribute_code: 'color', label: 'Χρώμα', values: [{ label: 'Black', value_index: 1 }] }],
    });
    const base = productPool();
    base.share(product(1));
    pool.share(doc);
    // Added: 'Black', 'S', 'M', 'color', 'Χρώμα'; the variants' skus and names are not pooled.
    expect(pool.size - base.size).toBe(5);
  });

  it('gives every empty top-level object and list one shared frozen value, and leaves full ones alone', () => {
    const pool = productPool();
    const docs = [1, 2].map((n) => ({ ...product(n, { product_links: [], attributes: { color: 'Black' } }), _attachments: {} }));
    const before = parsed(docs);
    for (const doc of docs) pool.share(doc);
    expect(docs).toEqual(before);
    const [first, second] = docs as [(typeof docs)[0], (typeof docs)[0]];
    expect(first._attachments).toBe(second._attachments);
    expect(first.product_links).toBe(second.product_links);
    expect(Object.isFrozen(first._attachments) && Object.isFrozen(first.product_links)).toBe(true);
    expect(first.attributes).not.toBe(second.attributes);
    expect(first.category_ids).not.toBe(second.category_ids);
    // Writing into a stored document's empty value fails instead of changing every document.
    expect(() => (first.product_links as unknown[]).push({})).toThrow(TypeError);
  });

  it('leaves a frozen document alone', () => {
    const pool = productPool();
    const doc = Object.freeze(product(1));
    expect(() => pool.share(doc)).not.toThrow();
    expect(pool.size).toBe(0);
  });

  it('pools nothing without listed properties', () => {
    const pool = new RepeatedValues(new Set());
    pool.share(product(1));
    expect(pool.size).toBe(0);
  });

  it('shares documents handed over for later in idle-time slices, all of them in the end', async () => {
    const pool = productPool();
    const docs = Array.from({ length: 1_000 }, (_, n) => product(n, n % 2 ? { supplier_name: 'Άλλος Προμηθευτής' } : {}));
    const before = parsed(docs);
    pool.shareLater(docs);
    expect(pool.size).toBe(0);
    expect(pool.pending).toBe(true);
    await vi.waitFor(() => expect(pool.pending).toBe(false));
    expect(pool.size).toBe(8);
    expect(docs).toEqual(before);
  });

  it('stops sharing later when told to (the collection closed)', async () => {
    const pool = productPool();
    pool.shareLater([product(1), product(2)]);
    pool.stop();
    expect(pool.pending).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pool.size).toBe(0);
  });
});
