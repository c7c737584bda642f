import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { foldSearchText, minimumMatch, searchTerms } from '../../domain/search-folding';
import type { CategoryDoc } from '../schema/categories';
import type { ProductDoc } from '../schema/products';
import { makeProduct } from '../testing/documents';
import { createLocalSearchIndex, fuzzinessOf, LOCAL_MIN_SCORE, LOCAL_SEARCH_BOOST } from './local-search-index';

const categories = [
  { id: '12', name: 'Τρόφιμα', name_en: 'Food' },
  { id: '20', name: 'Καθαριστικά', name_en: 'Cleaning' },
] as unknown as CategoryDoc[];

const NAMES = ['Καφές ελληνικός 200g', 'Ελαιόλαδο Κρήτης 5L', 'Σαπούνι πράσινο 12τεμ', 'Μέλι θυμαρίσιο 1kg', 'Ρύζι Καρολίνα 500g'];

/** Skus of the shapes a marketplace has: one code, two codes, a code twice, codes sharing their beginning. */
function catalogue(): ProductDoc[] {
  const products: ProductDoc[] = [];
  for (let i = 0; i < 240; i += 1) {
    const shape = i % 4;
    const code = String(i).padStart(6, '0');
    const sku = shape === 0 ? `PAP-${code}` : shape === 1 ? `ELM-${code}-${i % 7}` : shape === 2 ? `KAF-${code}-${code}` : `YGE-${code}9`;
    products.push(makeProduct({ sku, id: String(i), name: NAMES[i % NAMES.length], barcode: '', category_ids: [i % 3 ? '12' : '20'] }));
  }
  return products;
}

/** The index as it was before the codes left MiniSearch: the sku as a fourth field, boost 2. */
function reference(products: readonly ProductDoc[]) {
  const tokenize = (text: string, field?: string): string[] => {
    const words = text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
    if (field !== 'sku') return words;
    const coded = words.filter((word) => /\p{N}/u.test(word));
    return coded.length > 0 ? coded : words;
  };
  const names = new Map(categories.map((c) => [c.id, `${c.name} ${c.name_en ?? ''}`.trim()]));
  const mini = new MiniSearch({
    idField: 'sku',
    fields: ['name', 'name_en', 'sku', 'category'],
    storeFields: [],
    tokenize,
    processTerm: (term) => foldSearchText(term),
    searchOptions: { boost: { ...LOCAL_SEARCH_BOOST }, prefix: true, fuzzy: (term) => fuzzinessOf(term), maxFuzzy: 2, combineWith: 'OR' },
  });
  for (const p of products) {
    mini.add({ sku: p.sku, name: p.name, name_en: p.name_en ?? '', category: p.category_ids.map((id) => names.get(id) ?? '').join(' ') });
  }
  return (text: string): [string, number][] => {
    const terms = searchTerms(text);
    const need = minimumMatch(terms.length);
    const found = mini.search(terms.join(' ')).filter((r) => new Set(r.queryTerms).size >= need);
    const top = found[0]?.score ?? 0;
    return found.filter((r) => r.score >= top * LOCAL_MIN_SCORE).map((r) => [String(r.id), r.score]);
  };
}

function ranked(list: [string, number][]): [string, number][] {
  return [...list].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

describe('sku codes beside MiniSearch', () => {
  it('score every query exactly as the sku field inside MiniSearch did', async () => {
    const products = catalogue();
    const index = createLocalSearchIndex();
    await index.sync({ products, categories });
    const before = reference(products);
    const queries = [
      '000123',
      '0001',
      '00012',
      '0002',
      '000',
      'pap 000123',
      'καφες 0001',
      'μελι 0000',
      'coffee',
      'ελαιολαδο 5l',
      '12τεμ',
      'τροφιμα 0001',
      '3 00010',
    ];
    for (const query of queries) {
      const now = index.search(query, { limit: 10_000 }).hits.filter((h) => !h.exact);
      const expected = ranked(before(query));
      const actual = ranked(now.map((h) => [h.product.sku, h.score]));
      expect(
        actual.map(([sku]) => sku),
        query,
      ).toEqual(expected.map(([sku]) => sku));
      actual.forEach(([, score], i) => expect(score, `${query} #${i}`).toBeCloseTo(expected[i]?.[1] ?? Number.NaN, 9));
    }
  });

  it('follow the catalogue: a removed product leaves its codes, an added one brings them, a renamed one keeps them', async () => {
    const products = catalogue();
    const index = createLocalSearchIndex();
    await index.sync({ products, categories });
    // A search first: the codes are sorted, and the changes below are put in place one by one.
    expect(index.search('000120').hits.map((h) => h.product.sku)).toContain('PAP-000120');
    const removed = products.find((p) => p.sku === 'PAP-000120') as ProductDoc;
    const renamed = { ...(products.find((p) => p.sku === 'PAP-000124') as ProductDoc), name: 'Τσάι του βουνού' };
    const added = makeProduct({ sku: 'NEW-777001', id: '9001', name: 'Κακάο', barcode: '' });
    const next = [...products.filter((p) => p !== removed && p.sku !== renamed.sku), renamed, added];
    await index.sync({ products: next, categories });
    const skus = (query: string) => index.search(query, { limit: 10_000 }).hits.map((h) => h.product.sku);
    expect(skus('000120')).not.toContain('PAP-000120');
    expect(skus('777001')).toEqual(['NEW-777001']);
    expect(skus('000124')[0]).toBe('PAP-000124');
    expect(
      reference(next)('00012')
        .map(([sku]) => sku)
        .sort(),
    ).toEqual(skus('00012').sort());
  });
});
