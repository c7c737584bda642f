import { describe, expect, it } from 'vitest';
import { nameSortKey } from './name-sort-key';

describe('nameSortKey', () => {
  it('folds case, tonos and final sigma so Greek names sort as a buyer reads them', () => {
    expect(nameSortKey('  Ελαιόλαδο   ΚΡΗΤΗΣ ')).toBe('ελαιολαδο κρητησ');
    expect(nameSortKey('Άρτος')).toBe(nameSortKey('αρτοσ'));
    const names = ['Ωμέγα', 'άλας', 'Βούτυρο', 'Αβγά'];
    expect([...names].sort((a, b) => (nameSortKey(a) < nameSortKey(b) ? -1 : 1))).toEqual(['Αβγά', 'άλας', 'Βούτυρο', 'Ωμέγα']);
  });

  it('fits the indexed field', () => {
    expect(nameSortKey('x'.repeat(500))).toHaveLength(200);
  });
});
