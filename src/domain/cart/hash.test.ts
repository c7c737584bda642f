import { describe, expect, it } from 'vitest';
import { cartHash, totalsSyncNeeded } from './hash';

const a = { sku: 'A', qty: 1, price: 100, supplierId: '1' };
const b = { sku: 'B', qty: 2, price: 250, supplierId: '2' };

describe('cartHash', () => {
  it('ignores line order and changes with anything totals depend on', () => {
    const base = cartHash([a, b]);
    expect(cartHash([b, a])).toBe(base);
    expect(cartHash([a, { ...b, qty: 3 }])).not.toBe(base);
    expect(cartHash([a, { ...b, price: 251 }])).not.toBe(base);
    expect(cartHash([a, { ...b, supplierId: '3' }])).not.toBe(base);
    expect(cartHash([a, { ...b, sku: 'C' }])).not.toBe(base);
    expect(cartHash([a, b], ['2'])).not.toBe(base);
    expect(cartHash([a, b], [], 'OLIVE10')).not.toBe(base);
    expect(cartHash([a, b], ['2', '1'])).toBe(cartHash([a, b], ['1', '2']));
  });

  it('is empty for an empty cart, so a first totals sync always happens', () => {
    expect(cartHash([])).toBe('');
    expect(cartHash([a])).toMatch(/^[0-9a-z]+$/);
  });
});

describe('totalsSyncNeeded', () => {
  it('syncs when the hash is missing or changed, or totals never synced', () => {
    expect(totalsSyncNeeded('h1', undefined, 10)).toBe(true);
    expect(totalsSyncNeeded('h1', '', 10)).toBe(true);
    expect(totalsSyncNeeded('h1', 'h0', 10)).toBe(true);
    expect(totalsSyncNeeded('h1', 'h1', undefined)).toBe(true);
    expect(totalsSyncNeeded('h1', 'h1', 10)).toBe(false);
  });
});
