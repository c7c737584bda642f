/**
 * One copy of each repeated string in a collection's documents. JSON.parse gives every value its own string,
 * so 100,000 products carried 100,000 copies of a handful of supplier names, units, types, category ids and
 * revisions: about a fifth of a tab's heap (docs/decisions/031-catalogue-memory.md). The documents stay the
 * same values; only which string object holds them changes.
 *
 * Only the properties named are pooled: values that repeat by nature (a supplier's name on each of its
 * products, one of four units). A name, sku or path that is unique per document would only add a pool entry.
 */
/** Per collection: what RepeatedValues pools (`properties`) and which top-level pairs share a string. */
export interface RepeatedValuesSpec {
  readonly properties: readonly string[];
  readonly sameValues?: readonly (readonly [string, string])[];
}

/** Runs `task` when the thread is idle (a macrotask where there is no requestIdleCallback); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 1_000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 0);
  return () => clearTimeout(timer);
}

/**
 * What every document's empty object or list at the top level becomes: one frozen value for all (RxDB's
 * `_attachments: {}` alone was 76,000 objects, 2 MB of a tab, at 100,000 products). Nothing may change a stored
 * document; a frozen value makes an attempt throw instead of changing every document at once.
 */
const EMPTY_OBJECT: Readonly<Record<string, never>> = Object.freeze({});
const EMPTY_LIST: readonly never[] = Object.freeze([]);

/** A slice of deferred sharing gives the thread back after this long. */
const SLICE_MS = 8;

export class RepeatedValues {
  private readonly pool = new Map<string, string>();
  /** Documents stored but not shared yet (shareLater), shared in idle-time slices. */
  private readonly waiting: object[] = [];
  private cancelSlice: (() => void) | undefined;

  /**
   * `keys`: property names, at any depth, whose strings are pooled; an array or object under such a key has
   * every string below it pooled (attribute values, option labels). Other properties are walked into, not pooled.
   */
  constructor(
    private readonly keys: ReadonlySet<string>,
    /**
     * Pairs of top-level properties that usually hold one value (a product's slug is its url_key): when they are
     * equal, the second is given the first's string.
     */
    private readonly sameValues: readonly (readonly [string, string])[] = [],
  ) {}

  get size(): number {
    return this.pool.size;
  }

  /**
   * Replaces the pooled strings of `doc` in place, and its empty top-level objects and lists with shared ones,
   * and returns it; a frozen object is left as it is.
   */
  share<D>(doc: D): D {
    if (this.keys.size > 0) this.walk(doc, false);
    if (typeof doc !== 'object' || doc === null || Object.isFrozen(doc)) return doc;
    const record = doc as Record<string, unknown>;
    for (const [first, second] of this.sameValues) {
      const value = record[first];
      if (typeof value === 'string' && record[second] === value) record[second] = value;
    }
    for (const key in record) {
      const value = record[key];
      if (typeof value !== 'object' || value === null || value === EMPTY_OBJECT || value === EMPTY_LIST) continue;
      if (Array.isArray(value)) {
        if (value.length === 0) record[key] = EMPTY_LIST;
      } else if (Object.getPrototypeOf(value) === Object.prototype && isEmpty(value)) record[key] = EMPTY_OBJECT;
    }
    return doc;
  }

  /**
   * Shares `docs` in idle-time slices instead of now: a collection opening with 100,000 documents would
   * otherwise spend a tenth of a second of its warm start on it. The values are the same either way.
   */
  shareLater(docs: Iterable<object>): void {
    for (const doc of docs) this.waiting.push(doc);
    this.cancelSlice ??= whenIdle(this.slice);
  }

  /** True while documents wait to be shared. */
  get pending(): boolean {
    return this.waiting.length > 0;
  }

  /** Stops deferred sharing (the collection closed). */
  stop(): void {
    this.cancelSlice?.();
    this.cancelSlice = undefined;
    this.waiting.length = 0;
  }

  private readonly slice = (): void => {
    const started = performance.now();
    while (this.waiting.length > 0 && performance.now() - started < SLICE_MS) {
      for (let i = 0; i < 200 && this.waiting.length > 0; i += 1) this.share(this.waiting.pop());
    }
    this.cancelSlice = this.waiting.length > 0 ? whenIdle(this.slice) : undefined;
  };

  private intern(value: string): string {
    const known = this.pool.get(value);
    if (known !== undefined) return known;
    this.pool.set(value, value);
    return value;
  }

  private walk(node: unknown, pooled: boolean): void {
    if (typeof node !== 'object' || node === null || Object.isFrozen(node)) return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i += 1) {
        const item: unknown = node[i];
        if (typeof item === 'string') {
          if (pooled) node[i] = this.intern(item);
        } else this.walk(item, pooled);
      }
      return;
    }
    const record = node as Record<string, unknown>;
    for (const key in record) {
      const value = record[key];
      const pool = pooled || this.keys.has(key);
      if (typeof value === 'string') {
        if (pool) record[key] = this.intern(value);
      } else if (typeof value === 'object' && value !== null) this.walk(value, pool);
    }
  }
}

function isEmpty(value: object): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}
