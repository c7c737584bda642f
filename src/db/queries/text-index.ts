/**
 * A full-text index that keeps its postings in plain integer arrays: the offline product search's text part
 * (docs/decisions/011-offline-search.md, 036-compact-search-index.md). It answers like MiniSearch with the options the
 * storefront used (BM25+ per field with boosts, prefix and fuzzy matches weighted as MiniSearch weighs them, OR
 * of the query's terms, a result's score times the number of query terms it matched), but MiniSearch keeps a
 * radix tree of Maps and one Map per term, field and document: 45 MB of a tab's heap at 100,000 products, against
 * about a quarter of that here. `text-index.test.ts` runs both on the same documents and expects the same hits
 * with the same scores.
 *
 * Layout: each term has one sorted array of postings, one entry `shortId · fields + field` per occurrence (a term
 * twice in a field is two equal entries in a row, which is its frequency). A document's entries are contiguous in
 * each array, so removing or replacing it is a binary search and a splice. The terms are also kept sorted, for
 * prefix matches and the fuzzy scan.
 */

import { bm25Plus, inverseDocumentFrequency, prefixWeight } from './search-scoring';
import { lowerBound, SORT_IN_ONE_BY_ONE, upperBound } from './sorted-search';

/** MiniSearch's default weight of a fuzzy match. */
const FUZZY_WEIGHT = 0.45;

export interface TextIndexOptions {
  /** The indexed fields, in the order their text is given to `add`. */
  fields: readonly string[];
  /** Boost per field; 1 for a field not named. */
  boost: Readonly<Record<string, number>>;
  /** The words of a field's text, before `processTerm`. A field's length is its number of distinct words. */
  tokenize: (text: string) => string[];
  /** The indexed form of a word; '' drops it. Query terms are expected in this form already. */
  processTerm: (word: string) => string;
  /** The edit distance a query term may be away from an indexed term; false for none. */
  fuzzy: (term: string) => number | false;
}

export interface TextHit {
  id: string;
  /** Sum of the term scores times the number of query terms matched. */
  score: number;
  /** The query terms this document matched. */
  queryTerms: string[];
}

interface Accumulated {
  shortId: number;
  score: number;
  terms: string[];
}

export class TextIndex<D> {
  private readonly fieldCount: number;
  private readonly boosts: number[];
  private readonly postings = new Map<string, number[]>();
  /** The terms in order, for prefix and fuzzy lookups; null until a search needs it after a bulk of adds. */
  private sorted: string[] | null = null;
  /** Terms new since `sorted` was made, put in at the next search (one by one when few, by sorting again when many). */
  private unsorted: string[] = [];
  private readonly shortIds = new Map<string, number>();
  private readonly ids: (string | undefined)[] = [];
  private readonly docs: (D | undefined)[] = [];
  /** Distinct words per document and field, `shortId · fields + field`. */
  private lengths = new Uint16Array(1024);
  private readonly averages: number[];
  private count = 0;

  constructor(private readonly options: TextIndexOptions) {
    this.fieldCount = options.fields.length;
    this.boosts = options.fields.map((field) => options.boost[field] || 1);
    this.averages = options.fields.map(() => 0);
  }

  /** Documents indexed. */
  get size(): number {
    return this.count;
  }

  has(id: string): boolean {
    return this.shortIds.has(id);
  }

  /** The value given with `id` to `add`. */
  get(id: string): D | undefined {
    const shortId = this.shortIds.get(id);
    return shortId === undefined ? undefined : this.docs[shortId];
  }

  *values(): IterableIterator<D> {
    for (const doc of this.docs) if (doc !== undefined) yield doc;
  }

  *keys(): IterableIterator<string> {
    for (const id of this.ids) if (id !== undefined) yield id;
  }

  /** Indexes `texts` (one per field, in the fields' order) under `id`, which must not be indexed yet. */
  add(id: string, texts: readonly string[], doc: D): void {
    if (this.shortIds.has(id)) throw new Error(`TextIndex: ${id} is indexed already`);
    const shortId = this.ids.length;
    this.ids.push(id);
    this.docs.push(doc);
    this.shortIds.set(id, shortId);
    this.count += 1;
    this.grow(shortId);
    for (let field = 0; field < this.fieldCount; field += 1) {
      const words = this.options.tokenize(texts[field] ?? '');
      const length = new Set(words).size;
      this.lengths[shortId * this.fieldCount + field] = Math.min(length, 0xffff);
      this.averages[field] = ((this.averages[field] as number) * (this.count - 1) + length) / this.count;
      const entry = shortId * this.fieldCount + field;
      for (const word of words) {
        const term = this.options.processTerm(word);
        if (term !== '') this.insert(term, entry);
      }
    }
  }

  /** Replaces the value kept with `id` when its text did not change. */
  update(id: string, doc: D): void {
    const shortId = this.shortIds.get(id);
    if (shortId !== undefined) this.docs[shortId] = doc;
  }

  /** Removes `id`; `texts` must be the texts it was added with (they name the postings to remove). */
  remove(id: string, texts: readonly string[]): void {
    const shortId = this.shortIds.get(id);
    if (shortId === undefined) return;
    const from = shortId * this.fieldCount;
    const to = from + this.fieldCount;
    for (let field = 0; field < this.fieldCount; field += 1) {
      for (const word of this.options.tokenize(texts[field] ?? '')) {
        const term = this.options.processTerm(word);
        if (term !== '') this.cut(term, from, to);
      }
      const length = this.lengths[from + field] as number;
      this.averages[field] = this.count === 1 ? 0 : ((this.averages[field] as number) * this.count - length) / (this.count - 1);
    }
    this.shortIds.delete(id);
    this.ids[shortId] = undefined;
    this.docs[shortId] = undefined;
    this.count -= 1;
  }

  /**
   * Gives back the room the posting arrays grew into while documents were added one by one (an array grows by
   * half again when full): about a sixth of the postings after a first build. Worth it after many adds only.
   */
  compact(): void {
    for (const [term, list] of this.postings) this.postings.set(term, list.slice());
  }

  /** The documents matching any of `terms` (in `processTerm` form), best first. */
  search(terms: readonly string[]): TextHit[] {
    const results = new Map<number, Accumulated>();
    for (const term of terms) this.searchTerm(term, results);
    const found = [...results.values()];
    for (const result of found) result.score *= result.terms.length;
    found.sort((a, b) => b.score - a.score || a.shortId - b.shortId);
    return found.map((result) => ({ id: this.ids[result.shortId] as string, score: result.score, queryTerms: result.terms }));
  }

  /** Adds one query term's matches (exact, by prefix, by spelling) to `into`. */
  private searchTerm(term: string, into: Map<number, Accumulated>): void {
    this.score(term, term, 1, into);
    const sorted = this.sortedTerms();
    for (let i = lowerBound(sorted, term); i < sorted.length; i += 1) {
      const found = sorted[i] as string;
      if (!found.startsWith(term)) break;
      if (found.length > term.length) this.score(term, found, prefixWeight(found, found.length - term.length), into);
    }
    const distance = this.options.fuzzy(term);
    if (distance === false || distance <= 0) return;
    for (const [found, edits] of fuzzyMatches(sorted, term, distance)) {
      // A longer term that begins with the query counted as a prefix match above, as MiniSearch counts it.
      const prefixed = found.length > term.length && found.startsWith(term);
      if (edits > 0 && !prefixed) this.score(term, found, (FUZZY_WEIGHT * found.length) / (found.length + edits), into);
    }
  }

  /** Adds `derived`'s BM25+ scores, times `weight`, to the documents that have it, field by field. */
  private score(source: string, derived: string, weight: number, into: Map<number, Accumulated>): void {
    const list = this.postings.get(derived);
    if (list === undefined) return;
    const fields = this.fieldCount;
    for (let field = 0; field < fields; field += 1) {
      let matching = 0;
      for (let i = 0; i < list.length; i += 1) {
        const entry = list[i] as number;
        if (entry % fields === field && entry !== list[i - 1] && this.isLive(entry)) matching += 1;
      }
      if (matching === 0) continue;
      const idf = inverseDocumentFrequency(this.count, matching);
      const average = this.averages[field] as number;
      const boost = weight * (this.boosts[field] as number);
      for (let i = 0; i < list.length;) {
        const entry = list[i] as number;
        let frequency = 1;
        while (list[i + frequency] === entry) frequency += 1;
        i += frequency;
        if (entry % fields !== field || !this.isLive(entry)) continue;
        const shortId = (entry - field) / fields;
        const length = this.lengths[entry] as number;
        const bm25 = bm25Plus(idf, frequency, length, average);
        const known = into.get(shortId);
        if (known === undefined) into.set(shortId, { shortId, score: boost * bm25, terms: [source] });
        else {
          known.score += boost * bm25;
          if (!known.terms.includes(source)) known.terms.push(source);
        }
      }
    }
  }

  /**
   * Whether a posting's document is still indexed. `remove` takes out every posting of the texts it is given; one
   * left by texts that differed from those added (a caller's mistake) is ignored here, never counted or found.
   * Short ids are not reused, so such a posting cannot come back to life.
   */
  private isLive(entry: number): boolean {
    return this.ids[Math.floor(entry / this.fieldCount)] !== undefined;
  }

  private insert(term: string, entry: number): void {
    let list = this.postings.get(term);
    if (list === undefined) {
      list = [];
      this.postings.set(term, list);
      if (this.sorted !== null) this.unsorted.push(term);
    }
    if (list.length === 0 || (list[list.length - 1] as number) <= entry) list.push(entry);
    else list.splice(upperBound(list, entry), 0, entry);
  }

  private cut(term: string, from: number, to: number): void {
    const list = this.postings.get(term);
    if (list === undefined) return;
    const start = lowerBound(list, from);
    const end = lowerBound(list, to);
    if (end > start) list.splice(start, end - start);
    if (list.length > 0) return;
    this.postings.delete(term);
    if (this.sorted !== null) {
      const sorted = this.sortedTerms();
      const at = lowerBound(sorted, term);
      if (sorted[at] === term) sorted.splice(at, 1);
    }
  }

  /** The terms in order, with the new ones put in. */
  private sortedTerms(): string[] {
    if (this.sorted === null || this.unsorted.length > SORT_IN_ONE_BY_ONE) {
      this.sorted = [...this.postings.keys()].sort();
    } else for (const term of this.unsorted) this.sorted.splice(lowerBound(this.sorted, term), 0, term);
    this.unsorted = [];
    return this.sorted;
  }

  private grow(shortId: number): void {
    const needed = (shortId + 1) * this.fieldCount;
    if (needed <= this.lengths.length) return;
    const next = new Uint16Array(Math.max(needed, this.lengths.length * 2));
    next.set(this.lengths);
    this.lengths = next;
  }
}

/** The edit-distance table of a fuzzy lookup, one row per letter of a term; reused by every lookup. */
let table = new Int32Array(1024);

/**
 * The terms of `sorted` within `max` edits (Levenshtein) of `query`, with their distance. The sorted terms are
 * walked as a trie: a term reuses the rows of the letters it shares with the one before, and once a row's
 * smallest value exceeds `max`, every term that begins with those letters is skipped in one binary search. At
 * 100,000 distinct terms this costs a fraction of comparing the query with each of them.
 */
export function fuzzyMatches(sorted: readonly string[], query: string, max: number): [string, number][] {
  const found: [string, number][] = [];
  const columns = query.length + 1;
  let previous = '';
  /** Rows 0…valid of the table belong to `previous`'s first letters. */
  let valid = 0;
  const longest = query.length + max + 1;
  if (table.length < (longest + 1) * columns) table = new Int32Array((longest + 1) * columns * 2);
  // Cells more than `max` away from the diagonal are never computed: they stay above `max`, as their true value is.
  table.fill(max + 1, 0, (longest + 1) * columns);
  for (let j = 0; j < columns && j <= max; j += 1) table[j] = j;
  let i = 0;
  while (i < sorted.length) {
    const term = sorted[i] as string;
    let row = 1;
    const shared = Math.min(valid, term.length);
    while (row <= shared && term.charCodeAt(row - 1) === previous.charCodeAt(row - 1)) row += 1;
    let pruned = 0;
    for (; row <= term.length; row += 1) {
      // A term longer than the query by more than `max` is out of reach: its row `longest` is above `max`.
      const at = row * columns;
      const above = at - columns;
      const char = term.charCodeAt(row - 1);
      if (row <= max) table[at] = row;
      let least = row;
      const last = Math.min(columns - 1, row + max);
      for (let j = Math.max(1, row - max); j <= last; j += 1) {
        const value = Math.min(
          (table[above + j - 1] as number) + (char === query.charCodeAt(j - 1) ? 0 : 1),
          (table[above + j] as number) + 1,
          (table[at + j - 1] as number) + 1,
        );
        table[at + j] = value;
        if (value < least) least = value;
      }
      if (least > max) {
        pruned = row;
        break;
      }
    }
    previous = term;
    if (pruned > 0) {
      valid = pruned - 1;
      i = firstWithout(sorted, term, pruned, i + 1);
      continue;
    }
    valid = term.length;
    const distance = table[term.length * columns + columns - 1] as number;
    if (distance <= max) found.push([term, distance]);
    i += 1;
  }
  return found;
}

/**
 * The first index from `from` on whose term does not begin with the first `length` letters of `term` (those that
 * do follow each other). Galloping: most such runs are short.
 */
function firstWithout(sorted: readonly string[], term: string, length: number, from: number): number {
  let low = from;
  let step = 1;
  while (low < sorted.length && sharesStart(sorted[low] as string, term, length)) {
    low += step;
    step *= 2;
  }
  let high = Math.min(low, sorted.length);
  low = Math.max(from, low - step / 2);
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sharesStart(sorted[middle] as string, term, length)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether `other` begins with the first `length` letters of `term`. */
function sharesStart(other: string, term: string, length: number): boolean {
  if (other.length < length) return false;
  for (let k = length - 1; k >= 0; k -= 1) if (other.charCodeAt(k) !== term.charCodeAt(k)) return false;
  return true;
}
