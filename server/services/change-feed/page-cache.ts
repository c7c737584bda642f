import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

/**
 * The bridge's memory of whole feed answers, compressed, so that the hundreds of buyers who sync the same
 * catalogue pages cost one database read and one compression per page, not one each.
 *
 * A feed never changes without its head moving: every catalogue write re-stamps the feed rows it affects with a
 * fresh seq, and feed rows are never deleted (removals are tombstones). So an answer stays right while its feed's
 * head is the one it was read under, until the first clock-dependent document on it changes (a price window
 * opening or closing). Each request reads the head from the database first, so several bridge instances on one
 * database never serve each other's stale answers; the memory is only a shortcut in one process.
 */

export type FeedEncoding = 'br' | 'gzip' | 'identity';

/** Default budget: the compressed pages of about 300,000 products. */
export const FEED_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

interface Entry {
  head: number;
  /** Epoch ms from which the answer is stale (a document's price window); null: only a head change ends it. */
  expiresAt: number | null;
  /** The answer compressed in each encoding asked for so far (brotli for browsers, gzip for older clients). */
  compressed: Partial<Record<Compressed, Buffer>>;
  bytes: number;
}

type Compressed = Exclude<FeedEncoding, 'identity'>;

function compress(body: string | Buffer, encoding: Compressed): Buffer {
  // Brotli at quality 4, as the bridge's general compression: a tenth of the text, a few ms per page.
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      })
    : gzipSync(body);
}

function decompress(entry: Entry): Buffer {
  if (entry.compressed.br) return brotliDecompressSync(entry.compressed.br);
  if (entry.compressed.gzip) return gunzipSync(entry.compressed.gzip);
  throw new Error('a cached feed answer holds no encoding');
}

/** Which of our encodings a request's `accept-encoding` allows, the smallest first; identity when it allows none. */
export function preferredEncoding(acceptEncoding: string | undefined): FeedEncoding {
  const allowed = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    allowed.add(name);
  }
  if (allowed.has('br')) return 'br';
  if (allowed.has('gzip') || allowed.has('*')) return 'gzip';
  return 'identity';
}

export class FeedPageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes = FEED_PAGE_CACHE_BYTES) {}

  /** Bytes held (compressed answers). */
  get size(): number {
    return this.bytes;
  }

  /** The answer stored under `key` for this `head`, in `encoding`; undefined when there is none or it is stale. */
  get(key: string, head: number, nowMs: number, encoding: FeedEncoding): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.head !== head || (entry.expiresAt !== null && nowMs >= entry.expiresAt)) {
      this.drop(key, entry);
      return undefined;
    }
    // Least recently used goes first: a hit moves the entry to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return this.encoded(key, entry, encoding);
  }

  /** Stores `body`, read under `head`, and returns it in `encoding`. */
  put(key: string, head: number, expiresAt: number | null, body: string, encoding: FeedEncoding): Buffer {
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous);
    const kept: Compressed = encoding === 'identity' ? 'gzip' : encoding;
    const stored = compress(body, kept);
    const entry: Entry = { head, expiresAt, compressed: { [kept]: stored }, bytes: stored.length };
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
    return encoding === 'identity' ? Buffer.from(body) : stored;
  }

  private encoded(key: string, entry: Entry, encoding: FeedEncoding): Buffer {
    if (encoding === 'identity') return decompress(entry);
    const stored = entry.compressed[encoding];
    if (stored) return stored;
    const added = compress(decompress(entry), encoding);
    entry.compressed[encoding] = added;
    entry.bytes += added.length;
    this.bytes += added.length;
    if (this.entries.get(key) === entry) this.evict();
    return added;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Oldest first, until the budget holds (the newest entry is kept even when it alone is over it). */
  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes || this.entries.size <= 1) return;
      this.drop(key, entry);
    }
  }
}
