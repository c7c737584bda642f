import fc from 'fast-check';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { foldSearchText, searchTerms } from '../../domain/search-folding';
import { fuzzyMatches, TextIndex, type TextIndexOptions } from './text-index';

const FIELDS = ['name', 'name_en', 'category'] as const;
const BOOST = { name: 3, name_en: 3, category: 1 };
const tokenize = (text: string): string[] => text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
const fuzzy = (term: string): number | false => (term.length < 3 || /\p{N}/u.test(term) ? false : term.length <= 5 ? 1 : 2);
const OPTIONS: TextIndexOptions = { fields: FIELDS, boost: BOOST, tokenize, processTerm: foldSearchText, fuzzy };

/** Words that share beginnings, differ by a letter or an accent, and mix scripts and cases. */
const WORDS = [
  'Καφές',
  'καφες',
  'ΚΑΦΕΣ',
  'Καφετιέρα',
  'Κάφα',
  'ελαιόλαδο',
  'Ελαιόλαδο',
  'ελαιολαδα',
  'ελιές',
  'μέλι',
  'μελισσα',
  'σαπούνι',
  'σαπουνια',
  'coffee',
  'coffe',
  'cofee',
  'olive',
  'oil',
  'oily',
  '500g',
  '5L',
  '12τεμ',
  'Κρήτης',
  'κρητη',
  'ρύζι',
  'ρυζια',
];

type Texts = [string, string, string];
const text = fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 6 }).map((words) => words.join(' '));
const texts = fc.tuple(text, text, text) as fc.Arbitrary<Texts>;

type Step =
  { kind: 'put'; id: number; texts: Texts } | { kind: 'remove'; id: number } | { kind: 'compact' } | { kind: 'search'; query: string };

/** MiniSearch over the final documents, with the options the storefront gave it. */
function miniSearchOf(docs: ReadonlyMap<string, Texts>): MiniSearch {
  const mini = new MiniSearch({
    idField: 'id',
    fields: [...FIELDS],
    storeFields: [],
    tokenize,
    processTerm: (term) => foldSearchText(term),
    searchOptions: { boost: { ...BOOST }, prefix: true, fuzzy: (term) => fuzzy(term), maxFuzzy: 2, combineWith: 'OR' },
  });
  for (const [id, [name, name_en, category]] of docs) mini.add({ id, name, name_en, category });
  return mini;
}

function expectSameHits(index: TextIndex<string>, mini: MiniSearch, query: string): void {
  const terms = searchTerms(query);
  const ours = index.search(terms);
  const theirs = mini.search(terms.join(' '));
  expect(ours.map((hit) => hit.id).sort()).toEqual(theirs.map((hit) => String(hit.id)).sort());
  const expected = new Map(theirs.map((hit) => [String(hit.id), hit]));
  for (const hit of ours) {
    const other = expected.get(hit.id);
    expect(hit.score).toBeCloseTo(other?.score ?? Number.NaN, 9);
    expect([...hit.queryTerms].sort()).toEqual([...(other?.queryTerms ?? [])].sort());
  }
  for (let i = 1; i < ours.length; i += 1) expect(ours[i - 1]!.score).toBeGreaterThanOrEqual(ours[i]!.score);
}

const query = fc
  .array(
    fc.oneof(
      fc.constantFrom(...WORDS),
      fc.constantFrom(...WORDS).map((word) => word.slice(0, 2 + (word.length % 3))),
      fc.tuple(fc.constantFrom(...WORDS), fc.nat(8)).map(([word, at]) => word.slice(0, at) + 'x' + word.slice(at + 1)),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((words) => words.join(' '));

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('put' as const), id: fc.nat(25), texts }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), id: fc.nat(25) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('compact' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('search' as const), query }) },
);

describe('TextIndex', () => {
  it('finds what MiniSearch finds, with the same scores, after any adds, replaces, removals and compactions', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.array(query, { minLength: 1, maxLength: 8 }), (steps, queries) => {
        const index = new TextIndex<string>(OPTIONS);
        const docs = new Map<string, Texts>();
        for (const s of steps) {
          if (s.kind === 'compact') {
            index.compact();
            continue;
          }
          // A search between writes: the sorted terms exist from here on and take later terms in one by one.
          if (s.kind === 'search') {
            expectSameHits(index, miniSearchOf(docs), s.query);
            continue;
          }
          const id = `sku-${s.id}`;
          const before = docs.get(id);
          if (before) index.remove(id, before);
          docs.delete(id);
          if (s.kind === 'put') {
            index.add(id, s.texts, id);
            docs.set(id, s.texts);
          }
        }
        expect(index.size).toBe(docs.size);
        const mini = miniSearchOf(docs);
        for (const q of queries) expectSameHits(index, mini, q);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a term searchable by prefix after a later add brings a new term into an already sorted vocabulary', () => {
    const index = new TextIndex<string>(OPTIONS);
    index.add('a', ['Καφές', '', ''], 'a');
    expect(index.search(['καφ']).map((hit) => hit.id)).toEqual(['a']);
    index.add('b', ['Καφετιέρα', '', ''], 'b');
    index.add('c', ['ζάχαρη', '', ''], 'c');
    expect(
      index
        .search(['καφ'])
        .map((hit) => hit.id)
        .sort(),
    ).toEqual(['a', 'b']);
    index.remove('b', ['Καφετιέρα', '', '']);
    expect(index.search(['καφετιερα']).map((hit) => hit.id)).toEqual([]);
    expect(index.search(['καφ']).map((hit) => hit.id)).toEqual(['a']);
    expect(index.get('a')).toBe('a');
    expect(index.get('b')).toBeUndefined();
    expect([...index.keys()]).toEqual(['a', 'c']);
  });

  it('never finds or counts a removed document, also when its removal was given other texts than it was added with', () => {
    const index = new TextIndex<string>(OPTIONS);
    index.add('a', ['μέλι θυμαρίσιο', '', ''], 'a');
    index.add('b', ['μέλι ανθέων', '', ''], 'b');
    index.remove('a', ['ζάχαρη', '', '']);
    const fresh = new TextIndex<string>(OPTIONS);
    fresh.add('b', ['μέλι ανθέων', '', ''], 'b');
    expect(index.search(['μελι', 'θυμαρισιο'])).toEqual(fresh.search(['μελι', 'θυμαρισιο']));
  });

  it('takes many new terms into terms already sorted by a search, and finds them as a fresh index does', () => {
    const index = new TextIndex<string>(OPTIONS);
    const docs: [string, string][] = [['first', 'καφές']];
    for (let i = 0; i < 200; i += 1)
      docs.push([`p${i}`, [`καφ${String(i).padStart(3, '0')}λ`, `ζαχ${i}`, i % 2 ? 'μελι' : 'αλατι'].join(' ')]);
    index.add('first', ['καφές', '', ''], 'first');
    expect(index.search(['καφ']).map((hit) => hit.id)).toEqual(['first']);
    docs.slice(1).forEach(([id, words], i) => {
      index.add(id, [words, '', ''], id);
      // A few new terms are put in one by one at this search, the many after it all at once at the next.
      if (i === 10) expect(index.search(['ζαχ1']).map((hit) => hit.id)).toEqual(['p1', 'p10']);
    });
    index.remove('p7', ['καφ007λ ζαχ7 μελι', '', '']);
    const fresh = new TextIndex<string>(OPTIONS);
    for (const [id, words] of docs) if (id !== 'p7') fresh.add(id, [words, '', ''], id);
    for (const terms of [['καφ'], ['καφ00'], ['ζαχ'], ['μελι'], ['καφ007λ'], ['καφ1'], ['καφεσ']]) {
      expect(index.search(terms).map((hit) => hit.id)).toEqual(fresh.search(terms).map((hit) => hit.id));
    }
    expect(index.search(['καφ'])).toHaveLength(200);
  });

  it('refuses an id indexed twice and ignores the removal of one never indexed', () => {
    const index = new TextIndex<string>(OPTIONS);
    index.add('a', ['μέλι', '', ''], 'a');
    expect(() => index.add('a', ['μέλι', '', ''], 'a')).toThrow(/indexed already/);
    index.remove('zzz', ['μέλι', '', '']);
    expect(index.size).toBe(1);
  });

  it('finds by fuzzy lookup exactly the terms a plain Levenshtein distance puts within reach, with that distance', () => {
    const term = fc.array(fc.constantFrom('a', 'b', 'c', 'α', 'β'), { minLength: 1, maxLength: 7 }).map((letters) => letters.join(''));
    fc.assert(
      fc.property(fc.uniqueArray(term, { maxLength: 60 }), term, fc.integer({ min: 1, max: 2 }), (vocabulary, query, max) => {
        const sorted = [...vocabulary].sort();
        const expected = sorted.flatMap((t): [string, number][] => {
          const distance = levenshtein(query, t);
          return distance <= max ? [[t, distance]] : [];
        });
        expect(fuzzyMatches(sorted, query, max)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});

/** The textbook dynamic programme, whole table, no shortcuts: the reference for fuzzyMatches. */
function levenshtein(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      row[j] = Math.min((above[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1), (above[j] as number) + 1, (row[j - 1] as number) + 1);
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}
