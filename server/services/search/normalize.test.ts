import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH_SIZE, type SearchRequest } from '../../../src/contracts/search';
import { normalizeSearch } from './normalize';

const request = (over: Partial<SearchRequest>) => ({ type: 'product', ...over }) as SearchRequest;

describe('normalizeSearch', () => {
  it('defaults size and start and repairs negative ones', () => {
    expect(normalizeSearch(request({}))).toMatchObject({ size: DEFAULT_SEARCH_SIZE, from: 0 });
    expect(normalizeSearch(request({ size: -1, from: -5 }))).toMatchObject({ size: DEFAULT_SEARCH_SIZE, from: 0 });
    expect(normalizeSearch(request({ size: 0, from: 0 }))).toMatchObject({ size: 0, from: 0 });
    expect(normalizeSearch(request({ size: 7, from: 3 }))).toMatchObject({ size: 7, from: 3 });
  });

  it('folds the text into terms and keeps the text as typed for the sku lookup', () => {
    const n = normalizeSearch(request({ query: { text: '  Καφές  ΕΛΛΗΝΙΚΟΣ ' } } as Partial<SearchRequest>));
    expect(n.rawText).toBe('Καφές  ΕΛΛΗΝΙΚΟΣ');
    expect(n.terms).toEqual(['καφεσ', 'ελληνικοσ']);
    expect(n.tooShort).toBe(false);
    // 75 % of two words, rounded down, is one.
    expect(n.minMatch).toBe(1);
    const four = normalizeSearch(request({ query: { text: 'ένα δύο τρία τέσσερα' } } as Partial<SearchRequest>));
    expect(four.minMatch).toBe(3);
    expect(four.request.query?.text).toBe('ένα δύο τρία τέσσερα');
  });

  it('finds nothing for text shorter than two characters, and is not "too short" without text', () => {
    expect(normalizeSearch(request({ query: { text: 'α' } } as Partial<SearchRequest>))).toMatchObject({ terms: [], tooShort: true });
    expect(normalizeSearch(request({ query: { text: 'αβ' } } as Partial<SearchRequest>))).toMatchObject({ tooShort: false });
    expect(normalizeSearch(request({}))).toMatchObject({ terms: [], rawText: '', tooShort: false });
  });
});
