/**
 * The sku part of the offline product search, kept beside the text index (text-index.ts) instead of inside it.
 * Every sku has a code of its own ("000123"), so as a field of the index the skus were one term each; in
 * MiniSearch, the index then, each term cost a few Maps: about 15 MB of a tab's heap at 100,000 products
 * (docs/decisions/031-catalogue-memory.md).
 * Here the codes are one sorted array of words and one Map from word to sku.
 *
 * Scores are those MiniSearch gave the field: BM25+ (k 1.2, b 0.7, d 0.5) over the codes of a sku, weight 1
 * for a whole code and 0.375 · length / (length + 0.3 · extra letters) for a code the term begins, times the
 * field's boost. A code is never matched by spelling: one digit off is another product's code (the bridge also
 * matches sku pieces literally).
 */

const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;
const PREFIX_WEIGHT = 0.375;

/** What the codes add to a product's search result: a score before MiniSearch's "terms matched" factor. */
export interface CodeMatch {
  score: number;
  /** The query terms that matched one of its codes. */
  terms: Set<string>;
}

export class SkuCodeIndex {
  /** Folded code → the skus that have it (an array only when several do, or one has it twice). */
  private readonly owners = new Map<string, string | string[]>();
  /** The codes in order, for prefix lookups; rebuilt on the first search after a change. */
  private sorted: string[] | null = null;
  /** A sku's number of distinct codes (BM25's field length) when it is not 1, the usual case. */
  private readonly lengths = new Map<string, number>();
  private documents = 0;
  private totalLength = 0;

  constructor(
    /** The code words of a sku as MiniSearch would index them: tokens, each folded. */
    private readonly codesOf: (sku: string) => { tokens: readonly string[]; terms: readonly string[] },
    private readonly boost: number,
  ) {}

  add(sku: string): void {
    const { tokens, terms } = this.codesOf(sku);
    for (const term of terms) {
      const owners = this.owners.get(term);
      if (owners === undefined) {
        this.owners.set(term, sku);
        this.sorted = null;
      } else this.owners.set(term, typeof owners === 'string' ? [owners, sku] : [...owners, sku]);
    }
    const length = new Set(tokens).size;
    if (length !== 1) this.lengths.set(sku, length);
    this.documents += 1;
    this.totalLength += length;
  }

  remove(sku: string): void {
    const { tokens, terms } = this.codesOf(sku);
    for (const term of new Set(terms)) {
      const owners = this.owners.get(term);
      if (owners === undefined) continue;
      const rest = typeof owners === 'string' ? [] : owners.filter((owner) => owner !== sku);
      if (rest.length === 0) {
        this.owners.delete(term);
        this.sorted = null;
      } else this.owners.set(term, rest.length === 1 ? (rest[0] as string) : rest);
    }
    this.lengths.delete(sku);
    this.documents -= 1;
    this.totalLength -= new Set(tokens).size;
  }

  /** The products whose codes match `terms` (folded query words, each also as a prefix), among `documentCount`. */
  search(terms: readonly string[], documentCount: number): Map<string, CodeMatch> {
    const matches = new Map<string, CodeMatch>();
    if (this.documents === 0) return matches;
    const sorted = (this.sorted ??= [...this.owners.keys()].sort());
    const average = this.totalLength / this.documents;
    for (const term of terms) {
      for (let i = lowerBound(sorted, term); i < sorted.length; i += 1) {
        const code = sorted[i] as string;
        if (!code.startsWith(term)) break;
        const extra = code.length - term.length;
        const weight = extra === 0 ? 1 : (PREFIX_WEIGHT * code.length) / (code.length + 0.3 * extra);
        this.score(code, term, weight, documentCount, average, matches);
      }
    }
    return matches;
  }

  private score(code: string, term: string, weight: number, documentCount: number, average: number, into: Map<string, CodeMatch>): void {
    const owners = this.owners.get(code);
    if (owners === undefined) return;
    const list = typeof owners === 'string' ? [owners] : owners;
    const distinct = new Set(list);
    const idf = Math.log(1 + (documentCount - distinct.size + 0.5) / (distinct.size + 0.5));
    for (const sku of distinct) {
      let frequency = 0;
      for (const owner of list) if (owner === sku) frequency += 1;
      const length = this.lengths.get(sku) ?? 1;
      const bm25 = idf * (BM25.d + (frequency * (BM25.k + 1)) / (frequency + BM25.k * (1 - BM25.b + (BM25.b * length) / average)));
      const match = into.get(sku);
      if (match) {
        match.score += weight * this.boost * bm25;
        match.terms.add(term);
      } else into.set(sku, { score: weight * this.boost * bm25, terms: new Set([term]) });
    }
  }
}

/** The first index whose value is not below `value`. */
function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
