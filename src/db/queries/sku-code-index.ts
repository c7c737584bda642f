/**
 * The sku part of the offline product search, kept beside the text index (text-index.ts) instead of inside it.
 * Every sku has a code of its own ("000123"), so as a field of the index the skus were one term each; in
 * MiniSearch, the index then, each term cost a few Maps: about 15 MB of a tab's heap at 100,000 products
 * (docs/decisions/031-catalogue-memory.md).
 * Here the codes are one sorted array of words and, beside it, the skus of each: no Map (a Map of 100,000 codes
 * cost about 1.8 MB more).
 *
 * Scores are those MiniSearch gave the field: BM25+ (k 1.2, b 0.7, d 0.5) over the codes of a sku, weight 1
 * for a whole code and 0.375 · length / (length + 0.3 · extra letters) for a code the term begins, times the
 * field's boost. A code is never matched by spelling: one digit off is another product's code (the bridge also
 * matches sku pieces literally).
 */

import { bm25Plus, inverseDocumentFrequency, prefixWeight } from './search-scoring';
import { lowerBound, SORT_IN_ONE_BY_ONE } from './sorted-search';

/** What the codes add to a product's search result: a score before MiniSearch's "terms matched" factor. */
export interface CodeMatch {
  score: number;
  /** The query terms that matched one of its codes. */
  terms: Set<string>;
}

export class SkuCodeIndex {
  /** The distinct folded codes in order, for exact and prefix lookups. */
  private codes: string[] = [];
  /** Beside each code, the skus that have it (an array only when several do, or one has it twice). */
  private owners: (string | string[])[] = [];
  /** Codes added since the last lookup, as code, sku, code, sku, …: sorted in when a lookup needs them. */
  private added: string[] = [];
  /** A sku's number of distinct codes (BM25's field length) when it is not 1, the usual case. */
  private readonly lengths = new Map<string, number>();
  private documents = 0;
  private totalLength = 0;

  constructor(
    /** The code words of a sku as the text index would index them: tokens, each folded. */
    private readonly codesOf: (sku: string) => { tokens: readonly string[]; terms: readonly string[] },
    private readonly boost: number,
  ) {}

  add(sku: string): void {
    const { tokens, terms } = this.codesOf(sku);
    for (const term of terms) this.added.push(term, sku);
    const length = new Set(tokens).size;
    if (length !== 1) this.lengths.set(sku, length);
    this.documents += 1;
    this.totalLength += length;
  }

  remove(sku: string): void {
    this.settle();
    const { tokens, terms } = this.codesOf(sku);
    for (const term of new Set(terms)) {
      const at = lowerBound(this.codes, term);
      if (this.codes[at] !== term) continue;
      const owners = this.owners[at] as string | string[];
      const rest = typeof owners === 'string' ? [] : owners.filter((owner) => owner !== sku);
      if (rest.length === 0) {
        this.codes.splice(at, 1);
        this.owners.splice(at, 1);
      } else this.owners[at] = rest.length === 1 ? (rest[0] as string) : rest;
    }
    this.lengths.delete(sku);
    this.documents -= 1;
    this.totalLength -= new Set(tokens).size;
  }

  /** The products whose codes match `terms` (folded query words, each also as a prefix), among `documentCount`. */
  search(terms: readonly string[], documentCount: number): Map<string, CodeMatch> {
    const matches = new Map<string, CodeMatch>();
    if (this.documents === 0) return matches;
    this.settle();
    const average = this.totalLength / this.documents;
    for (const term of terms) {
      for (let i = lowerBound(this.codes, term); i < this.codes.length; i += 1) {
        const code = this.codes[i] as string;
        if (!code.startsWith(term)) break;
        const extra = code.length - term.length;
        const weight = extra === 0 ? 1 : prefixWeight(code, extra);
        this.score(this.owners[i] as string | string[], term, weight, documentCount, average, matches);
      }
    }
    return matches;
  }

  /**
   * Sorts the added codes in: one at a time into place when they are few (a live change), else all at once (a
   * first build). A code's owners keep the order they were added in.
   */
  private settle(): void {
    const added = this.added;
    if (added.length === 0) return;
    this.added = [];
    if (added.length <= 2 * SORT_IN_ONE_BY_ONE) {
      for (let i = 0; i < added.length; i += 2) this.insert(added[i] as string, added[i + 1] as string);
      return;
    }
    const pairs: [string, string][] = [];
    this.codes.forEach((code, i) => {
      const owners = this.owners[i] as string | string[];
      for (const owner of typeof owners === 'string' ? [owners] : owners) pairs.push([code, owner]);
    });
    for (let i = 0; i < added.length; i += 2) pairs.push([added[i] as string, added[i + 1] as string]);
    pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const codes: string[] = [];
    const owners: (string | string[])[] = [];
    for (const [code, sku] of pairs) {
      const last = codes.length - 1;
      if (codes[last] !== code) {
        codes.push(code);
        owners.push(sku);
      } else {
        const known = owners[last] as string | string[];
        owners[last] = typeof known === 'string' ? [known, sku] : [...known, sku];
      }
    }
    this.codes = codes;
    this.owners = owners;
  }

  private insert(code: string, sku: string): void {
    const at = lowerBound(this.codes, code);
    if (this.codes[at] !== code) {
      this.codes.splice(at, 0, code);
      this.owners.splice(at, 0, sku);
      return;
    }
    const known = this.owners[at] as string | string[];
    this.owners[at] = typeof known === 'string' ? [known, sku] : [...known, sku];
  }

  private score(
    owners: string | string[],
    term: string,
    weight: number,
    documentCount: number,
    average: number,
    into: Map<string, CodeMatch>,
  ): void {
    const list = typeof owners === 'string' ? [owners] : owners;
    const distinct = new Set(list);
    const idf = inverseDocumentFrequency(documentCount, distinct.size);
    for (const sku of distinct) {
      let frequency = 0;
      for (const owner of list) if (owner === sku) frequency += 1;
      const length = this.lengths.get(sku) ?? 1;
      const bm25 = bm25Plus(idf, frequency, length, average);
      const match = into.get(sku);
      if (match) {
        match.score += weight * this.boost * bm25;
        match.terms.add(term);
      } else into.set(sku, { score: weight * this.boost * bm25, terms: new Set([term]) });
    }
  }
}
