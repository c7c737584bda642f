import { MIN_SEARCH_TERM_LENGTH, foldSearchText, minimumMatch, searchTerms } from '../../domain/search-folding';
import type { CategoryDoc } from '../schema/categories';
import type { ProductDoc } from '../schema/products';
import { SkuCodeIndex, type CodeMatch } from './sku-code-index';
import { TextIndex, type TextHit } from './text-index';

/**
 * The offline twin of the bridge's product search (server/services/search/product-search.ts), over the
 * in-memory catalogue snapshot: same folding, same boosts (name 3, sku 2, category name 1), typo
 * tolerance like "fuzziness auto", prefix search, 75 % minimum match, a minimum score, and an exact
 * sku or barcode first. See docs/decisions/011-offline-search.md.
 */

/** docs/product-rules.md §9 boosts. The English name counts like the Greek one: a buyer may type either. */
export const LOCAL_SEARCH_BOOST = { name: 3, name_en: 3, sku: 2, category: 1 } as const;
/** docs/product-rules.md §9 minimum score, relative to the best hit (BM25 scores have no fixed scale). */
export const LOCAL_MIN_SCORE = 0.02;
/** Documents added per slice of the first build; between slices the UI thread is given back. */
export const BUILD_CHUNK_SIZE = 250;
export const DEFAULT_LOCAL_LIMIT = 50;
/** A sync that added this many products gives back the room the index's arrays grew into. */
const COMPACT_AFTER_ADDS = 1_000;

export interface LocalSearchHit {
  product: ProductDoc;
  score: number;
  /** Found by its exact sku or barcode (or a variant's), not by text. */
  exact: boolean;
}

export interface LocalSearchResult {
  hits: LocalSearchHit[];
  /** Every match, before the limit. */
  total: number;
  /** Text given but shorter than the minimum: nothing was searched. */
  tooShort: boolean;
}

export interface LocalSearchOptions {
  limit?: number;
  /** 2 in the Greek catalogue, 3 in the English one (docs/product-rules.md §5). */
  minLength?: number;
}

export interface CatalogSlice {
  products: readonly ProductDoc[];
  categories: readonly CategoryDoc[];
}

export interface SyncOptions {
  /** Gives the thread back between slices of a full build; default a macrotask (setTimeout 0). */
  pause?: () => Promise<void>;
  chunkSize?: number;
  /**
   * Asked after every index write: true gives the thread back before the slice reaches `chunkSize` writes.
   * The browser passes a time budget, so a slice stays short on a slow phone whatever a product costs.
   */
  shouldYield?: () => boolean;
}

export interface LocalSearchIndex {
  /** Products currently searchable. */
  readonly size: number;
  /** True once the first sync has finished. */
  readonly ready: boolean;
  /**
   * Brings the index in line with a catalogue snapshot: adds, replaces or discards only the products
   * whose searchable text changed, in slices with `pause` between them. Calls queue.
   */
  sync(catalogue: CatalogSlice, options?: SyncOptions): Promise<void>;
  search(text: string, options?: LocalSearchOptions): LocalSearchResult;
}

/** The text fields of a product the text index holds, in this order; its sku's codes are in the SkuCodeIndex beside it. */
const TEXT_FIELDS = ['name', 'name_en', 'category'] as const;

/** Letters and digits only, like searchTerms(): "PAP-000123" is the words "pap" and "000123". */
function tokenize(text: string, field?: string): string[] {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
  if (field !== 'sku') return words;
  // A letter prefix every sku shares ("PAP") would match the whole catalogue and cost a full scan per
  // query; the distinguishing parts of a sku are the ones with digits. A whole sku is an exact lookup.
  const coded = words.filter((word) => /\p{N}/u.test(word));
  return coded.length > 0 ? coded : words;
}

/**
 * Elasticsearch "fuzziness auto": exact up to 2 letters, one edit up to 5, two beyond. Words with
 * digits (codes, sizes like "500g") are exact: "000123" one edit away is another product's code.
 */
export function fuzzinessOf(term: string): number | false {
  if (term.length < 3 || /\p{N}/u.test(term)) return false;
  return term.length <= 5 ? 1 : 2;
}

function categoryText(product: ProductDoc, names: ReadonlyMap<string, string>): string {
  return product.category_ids.map((id) => names.get(id) ?? '').join(' ');
}

/** A sku's codes as the search sees them: the words tokenize() keeps of it, folded. */
function skuCodes(sku: string): { tokens: string[]; terms: string[] } {
  const tokens = tokenize(sku, 'sku');
  return { tokens, terms: tokens.map((token) => foldSearchText(token)).filter((term) => term.length > 0) };
}

/** A product's text per field of TEXT_FIELDS, with the category names it was (or is) indexed under. */
function textsOf(product: ProductDoc, names: ReadonlyMap<string, string>): [string, string, string] {
  return [product.name, product.name_en ?? '', categoryText(product, names)];
}

/**
 * Whether the index already holds `after`'s text: a price or stock change costs nothing. Compared field by field
 * against the product as indexed, so the index keeps no text of its own besides its terms.
 */
function sameText(before: ProductDoc, after: ProductDoc): boolean {
  if (before.name !== after.name || (before.name_en ?? '') !== (after.name_en ?? '')) return false;
  const was = before.category_ids;
  const is = after.category_ids;
  if (was.length !== is.length) return false;
  for (let i = 0; i < is.length; i += 1) if (was[i] !== is[i]) return false;
  return true;
}

/** Categories whose searchable name differs between two builds. */
function renamedCategories(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): Set<string> {
  const renamed = new Set<string>();
  for (const [id, name] of after) if (before.get(id) !== name) renamed.add(id);
  for (const id of before.keys()) if (!after.has(id)) renamed.add(id);
  return renamed;
}

function categoryNames(categories: readonly CategoryDoc[]): Map<string, string> {
  return new Map(categories.map((c) => [c.id, `${c.name} ${c.name_en ?? ''}`.trim()]));
}

const macrotask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

interface Scored {
  id: string;
  score: number;
  /** How many of the query's terms it matched. */
  matched: number;
}

/**
 * The text index's results with the sku codes' added, scored as if the codes were one of its fields: a result's
 * score is the sum of its terms' scores times the number of query terms it matched, best first. The text
 * index's own order stands when no code matched (most searches: a prefix of a word can have thousands of results).
 */
function withCodes(found: readonly TextHit[], codeMatches: Map<string, CodeMatch>): Scored[] {
  if (codeMatches.size === 0) return found.map((r) => ({ id: r.id, score: r.score, matched: r.queryTerms.length }));
  const merged: Scored[] = [];
  for (const result of found) {
    const id = result.id;
    const code = codeMatches.get(id);
    if (!code) {
      merged.push({ id, score: result.score, matched: result.queryTerms.length });
      continue;
    }
    const terms = new Set([...result.queryTerms, ...code.terms]);
    const score = result.score / Math.max(1, result.queryTerms.length) + code.score;
    merged.push({ id, score: score * terms.size, matched: terms.size });
    codeMatches.delete(id);
  }
  for (const [id, code] of codeMatches) merged.push({ id, score: code.score * code.terms.size, matched: code.terms.size });
  return merged.sort((a, b) => b.score - a.score);
}

/**
 * A sku as a case-free key: the sku itself when it has no lower-case letter (most do: no copy is kept), else
 * its lower-case form. find() tries both forms of what was typed.
 */
function codeKey(sku: string): string {
  return isCapitals(sku) ? sku : sku.toLowerCase();
}

/**
 * Exact lookups: a sku (any case) or barcode names a product; a variant's names its parent. A product's own sku
 * in capitals (most are) is not copied into the Map: `isSku` answers for it, at the place of that key in the
 * lookup (what was typed, then in capitals, then in lower case). At 100,000 products that is 100,000 Map entries,
 * about 1.7 MB of a tab's heap, fewer. Where a barcode or a variant's sku equals another product's own sku in
 * capitals, the code's product wins.
 */
class ExactCodes {
  private readonly codes = new Map<string, string>();

  constructor(private readonly isSku: (sku: string) => boolean) {}

  rebuild(products: Iterable<ProductDoc>): void {
    this.codes.clear();
    for (const product of products) this.add(product);
  }

  add(product: ProductDoc): void {
    for (const child of product.configurable_children ?? []) {
      if (typeof child.sku === 'string') this.codes.set(codeKey(child.sku), product.sku);
      if (typeof child.barcode === 'string' && child.barcode !== '') this.codes.set(child.barcode, product.sku);
    }
    if (product.barcode !== '') this.codes.set(product.barcode, product.sku);
    if (!isCapitals(product.sku)) this.codes.set(codeKey(product.sku), product.sku);
  }

  find(raw: string): string | undefined {
    for (const typed of [raw, raw.toUpperCase(), raw.toLowerCase()]) {
      const code = this.codes.get(typed);
      if (code !== undefined) return code;
      if (isCapitals(typed) && this.isSku(typed)) return typed;
    }
    return undefined;
  }
}

/** A sku that is its own capital form ("PAP-000123", "12-34"): its key in the exact lookup is itself. */
function isCapitals(sku: string): boolean {
  return sku === sku.toUpperCase();
}

export function createLocalSearchIndex(): LocalSearchIndex {
  /** The products' text, and the products as indexed by sku: what the next sync compares with. */
  const texts = new TextIndex<ProductDoc>({
    fields: TEXT_FIELDS,
    boost: LOCAL_SEARCH_BOOST,
    tokenize: (words) => tokenize(words),
    processTerm: foldSearchText,
    fuzzy: fuzzinessOf,
  });
  let indexedNames: ReadonlyMap<string, string> = new Map();
  const exact = new ExactCodes((sku) => texts.has(sku));
  const codes = new SkuCodeIndex(skuCodes, LOCAL_SEARCH_BOOST.sku);
  let ready = false;
  let queue: Promise<void> = Promise.resolve();

  /**
   * Adds, replaces or discards what changed since the last snapshot, giving the thread back every
   * `chunkSize` index writes or sooner when `shouldYield` says so: the first build, and a first sync that lands after an empty start, are
   * thousands of writes.
   */
  async function apply(catalogue: CatalogSlice, options: SyncOptions): Promise<void> {
    const names = categoryNames(catalogue.categories);
    const namesBefore = indexedNames;
    const renamed = renamedCategories(namesBefore, names);
    indexedNames = names;
    const chunk = options.chunkSize ?? BUILD_CHUNK_SIZE;
    const pause = options.pause ?? macrotask;
    const seen = new Set<string>();
    let sliceWrites = 0;
    let stale = false;
    let added = 0;
    for (const product of catalogue.products) {
      seen.add(product.sku);
      const before = texts.get(product.sku);
      // A renamed category changes the text of its products, also of those that did not change themselves.
      const recategorised = renamed.size > 0 && product.category_ids.some((id) => renamed.has(id));
      if (before === product && !recategorised) continue;
      if (before === undefined) {
        added += 1;
        texts.add(product.sku, textsOf(product, names), product);
        codes.add(product.sku);
      } else if (recategorised || !sameText(before, product)) {
        texts.remove(product.sku, textsOf(before, namesBefore));
        texts.add(product.sku, textsOf(product, names), product);
      } else texts.update(product.sku, product);
      stale ||= before !== undefined;
      exact.add(product);
      sliceWrites += 1;
      if (sliceWrites >= chunk || options.shouldYield?.() === true) {
        sliceWrites = 0;
        await pause();
      }
    }
    for (const sku of [...texts.keys()]) {
      const gone = seen.has(sku) ? undefined : texts.get(sku);
      if (gone === undefined) continue;
      texts.remove(sku, textsOf(gone, namesBefore));
      codes.remove(sku);
      stale = true;
    }
    // A changed or removed product may have lost a code; added ones were registered above.
    if (stale) exact.rebuild(texts.values());
    if (added >= COMPACT_AFTER_ADDS) texts.compact();
    ready = true;
  }

  function search(text: string, options: LocalSearchOptions = {}): LocalSearchResult {
    const raw = text.trim();
    const terms = searchTerms(raw);
    const minLength = options.minLength ?? MIN_SEARCH_TERM_LENGTH;
    if (terms.length === 0 || terms.join('').length < minLength) return { hits: [], total: 0, tooShort: raw.length > 0 };
    const exactSku = exact.find(raw);
    const exactProduct = exactSku === undefined ? undefined : texts.get(exactSku);
    const need = minimumMatch(terms.length);
    const found = withCodes(texts.search(terms), codes.search(terms, texts.size)).filter((r) => r.matched >= need);
    const top = found[0]?.score ?? 0;
    const hits: LocalSearchHit[] = exactProduct ? [{ product: exactProduct, score: Number.POSITIVE_INFINITY, exact: true }] : [];
    for (const result of found) {
      if (result.score < top * LOCAL_MIN_SCORE || result.id === exactSku) continue;
      const product = texts.get(result.id);
      if (product) hits.push({ product, score: result.score, exact: false });
    }
    return { hits: hits.slice(0, options.limit ?? DEFAULT_LOCAL_LIMIT), total: hits.length, tooShort: false };
  }

  return {
    get size() {
      return texts.size;
    },
    get ready() {
      return ready;
    },
    sync(catalogue, options = {}) {
      const run = () => apply(catalogue, options);
      queue = queue.then(run, run);
      return queue;
    },
    search,
  };
}
