import { describe, expect, it } from 'vitest';
import { foldSearchText, minimumMatch, searchTerms } from './search-folding';

describe('foldSearchText', () => {
  it('makes Greek accent- and case-insensitive', () => {
    expect(foldSearchText('Καφές')).toBe(foldSearchText('καφες'));
    expect(foldSearchText('ΕΛΑΙΟΛΑΔΟ')).toBe(foldSearchText('Ελαιόλαδο'));
    expect(foldSearchText('Ελαιόλαδο')).toBe('ελαιολαδο');
  });

  it('writes final sigma as σ, so a word typed mid-sentence or at its end folds alike', () => {
    expect(foldSearchText('ΚΑΦΕΣ')).toBe('καφεσ');
    expect(foldSearchText('καφές')).toBe('καφεσ');
  });

  it('drops the dialytika and Latin accents too', () => {
    expect(foldSearchText('Προϊόν ΐ ΰ')).toBe('προιον ι υ');
    expect(foldSearchText('Café Crème')).toBe('cafe creme');
  });
});

describe('searchTerms', () => {
  it('splits on punctuation and removes LIKE / tsquery syntax characters', () => {
    expect(searchTerms("Ελαιόλαδο, 1,5 λίτρα % _ ' & | ! :*")).toEqual(['ελαιολαδο', '1', '5', 'λιτρα']);
  });

  it('drops repeated words and keeps at most 8', () => {
    expect(searchTerms('καφές ΚΑΦΕΣ')).toEqual(['καφεσ']);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('minimumMatch (75 percent, rounded down, at least one)', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 3],
    [8, 6],
  ])('%i terms need %i', (terms, needed) => {
    expect(minimumMatch(terms)).toBe(needed);
  });
});
