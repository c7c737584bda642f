import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, gunzip, gzip } from 'node:zlib';
import { ownBuffer } from '../own-buffer';

/**
 * The bridge's memory of whole feed answers, compressed, so that the hundreds of buyers who sync the same
 * catalogue pages cost one database read and one compression per page, not one each.
 *
 * A feed never changes without its head moving: every catalogue write re-stamps the feed rows it affects with a
 * fresh seq, and feed rows are never deleted (removals are tombstones). So an answer stays right while its feed's
 * head is the one it was read under, until the first clock-dependent document on it changes (a price window
 * opening or closing). Each request reads the head from the database first, so several bridge instances on one
 * database never serve each other's stale answers; the memory is only a shortcut in one process.
 *
 * Bounded by bytes really held (each answer in a buffer of its own, plus a fixed cost per entry) and by a count
 * of entries; a head that moves drops the collection's answers read under older heads at once. Compression runs
 * on libuv's thread pool, not on the event loop.
 */

export type FeedEncoding = 'br' | 'gzip' | 'identity';
type Compressed = Exclude<FeedEncoding, 'identity'>;

/** Default budget: the compressed pages of about 300,000 products. */
export const FEED_PAGE_CACHE_BYTES = 32 * 1024 * 1024;
/** At most this many answers, whatever their size. */
export const FEED_PAGE_CACHE_ENTRIES = 4_096;
/** What an entry costs beside its compressed bytes (its key, its objects, the map's slot), counted generously. */
export const FEED_PAGE_ENTRY_OVERHEAD = 512;

interface Entry {
  collection: string;
  head: number;
  /** Epoch ms from which the answer is stale (a document's price window); null: only a head change ends it. */
  expiresAt: number | null;
  /** The answer compressed in each encoding asked for so far (brotli for browsers, gzip for other clients). */
  compressed: Partial<Record<Compressed, Buffer>>;
  bytes: number;
}

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

async function compress(body: string | Buffer, encoding: Compressed): Promise<Buffer> {
  // Brotli at quality 4, as the bridge's general compression: a tenth of the text, a few ms per page.
  const out =
    encoding === 'br'
      ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
      : await gzipAsync(body);
  return ownBuffer(out);
}

function decompress(entry: Entry): Promise<Buffer> {
  if (entry.compressed.br) return unbrotli(entry.compressed.br);
  if (entry.compressed.gzip) return gunzipAsync(entry.compressed.gzip);
  return Promise.reject(new Error('a cached feed answer holds no encoding'));
}

/** Which of our encodings a request's `accept-encoding` allows, the smallest first; identity when it allows none. */
export function preferredEncoding(acceptEncoding: string | undefined): FeedEncoding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  // A named encoding's own weight wins over `*`'s; q=0 (or a malformed weight) refuses it.
  const allows = (name: string): boolean => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

export class FeedPageCache {
  private readonly entries = new Map<string, Entry>();
  /** The newest head seen per collection: answers read under an older one are dropped when it moves. */
  private readonly heads = new Map<string, number>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = FEED_PAGE_CACHE_BYTES,
    private readonly maxEntries = FEED_PAGE_CACHE_ENTRIES,
  ) {}

  /** Bytes counted for the answers held (their compressed bytes and a fixed cost each). */
  get size(): number {
    return this.bytes;
  }

  /** Answers held. */
  get count(): number {
    return this.entries.size;
  }

  /**
   * The answer stored under `key` for this `head` of `collection`, in `encoding`; undefined when there is none
   * or it is stale. A head newer than the last one seen drops the collection's older answers first.
   */
  get(collection: string, key: string, head: number, nowMs: number, encoding: FeedEncoding): Promise<Buffer | undefined> {
    const found = this.lookup(collection, key, head, nowMs);
    return found ? found(encoding) : Promise.resolve(undefined);
  }

  /**
   * As get(), with the look-up itself synchronous: the answer's encoder, or undefined. Nothing can be stored or
   * dropped between a look-up and the caller's next synchronous step.
   */
  lookup(collection: string, key: string, head: number, nowMs: number): ((encoding: FeedEncoding) => Promise<Buffer>) | undefined {
    this.seeHead(collection, head);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.head !== head || (entry.expiresAt !== null && nowMs >= entry.expiresAt)) {
      this.drop(key, entry);
      return undefined;
    }
    // Least recently used goes first: a hit moves the entry to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return (encoding) => this.encoded(key, entry, encoding);
  }

  /** Stores `body`, read under `head` of `collection`, and returns it in `encoding`. */
  async put(
    collection: string,
    key: string,
    head: number,
    expiresAt: number | null,
    body: string,
    encoding: FeedEncoding,
  ): Promise<Buffer> {
    const kept: Compressed = encoding === 'identity' ? 'gzip' : encoding;
    const stored = await compress(body, kept);
    this.seeHead(collection, head);
    // Read under a head older than one seen meanwhile: answered, not kept.
    if ((this.heads.get(collection) ?? head) === head) {
      const previous = this.entries.get(key);
      if (previous) this.drop(key, previous);
      const entry: Entry = { collection, head, expiresAt, compressed: { [kept]: stored }, bytes: stored.length + FEED_PAGE_ENTRY_OVERHEAD };
      this.entries.set(key, entry);
      this.bytes += entry.bytes;
      this.evict();
    }
    return encoding === 'identity' ? Buffer.from(body) : stored;
  }

  private seeHead(collection: string, head: number): void {
    const known = this.heads.get(collection);
    if (known !== undefined && head <= known) return;
    this.heads.set(collection, head);
    if (known === undefined) return;
    for (const [key, entry] of this.entries) if (entry.collection === collection && entry.head < head) this.drop(key, entry);
  }

  private async encoded(key: string, entry: Entry, encoding: FeedEncoding): Promise<Buffer> {
    if (encoding === 'identity') return decompress(entry);
    const stored = entry.compressed[encoding];
    if (stored) return stored;
    const added = await compress(await decompress(entry), encoding);
    // Still held (not dropped or replaced while compressing): keep this encoding too.
    if (this.entries.get(key) === entry && !entry.compressed[encoding]) {
      entry.compressed[encoding] = added;
      entry.bytes += added.length;
      this.bytes += added.length;
      this.evict();
    }
    return added;
  }

  private drop(key: string, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Oldest first, until the budget and the count hold (the newest entry is kept even when it alone is over). */
  private evict(): void {
    for (const [key, entry] of this.entries) {
      if ((this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries) || this.entries.size <= 1) return;
      this.drop(key, entry);
    }
  }
}
