import type { SearchEntity } from '../../../src/contracts/search';
import type { Queryable } from '../../db/client';

/** SPEC §9 search cache: 60 s for products, 10 minutes for the other types. */
export const PRODUCT_CACHE_TTL_MS = 60_000;
export const OTHER_CACHE_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 2000;
/** How often the catalogue version is read; a change drops every cached answer. */
const VERSION_CHECK_MS = 1000;

type Entry<T> = { value: T; expires: number };

/**
 * Answers repeated searches from memory. Any catalogue write advances the change feed's sequence
 * (migration 020), and a new value empties the cache, so an answer is at most VERSION_CHECK_MS older
 * than the catalogue; the TTLs bound it where that sequence does not exist. Identical searches that
 * arrive together share one query (PGlite runs queries one at a time, so this matters under load).
 */
export class SearchResultCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly inFlight = new Map<string, Promise<T>>();
  private version: string | null = null;
  private versionReadAt = -Infinity;
  private versionRead: Promise<void> | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private async readVersion(): Promise<void> {
    let current: string;
    try {
      const rows = await this.db.query<{ v: string }>('select (last_value::text || is_called::text) as v from catalog_feed_seq');
      current = rows[0]?.v ?? '';
    } catch (error) {
      // No change feed in this database (it is another engineer's migration): the TTLs alone apply.
      current = `no-feed:${error instanceof Error ? error.name : 'unknown'}`;
    }
    if (current !== this.version) this.entries.clear();
    this.version = current;
    this.versionReadAt = this.now();
  }

  private async fresh(): Promise<void> {
    if (this.now() - this.versionReadAt < VERSION_CHECK_MS) return;
    this.versionRead ??= this.readVersion().finally(() => {
      this.versionRead = null;
    });
    await this.versionRead;
  }

  async get(entity: SearchEntity, key: string, compute: () => Promise<T>): Promise<T> {
    await this.fresh();
    const cacheKey = `${entity}\u0000${key}`;
    const hit = this.entries.get(cacheKey);
    if (hit && hit.expires > this.now()) return hit.value;
    const running = this.inFlight.get(cacheKey);
    if (running) return running;
    const ttl = entity === 'product' ? PRODUCT_CACHE_TTL_MS : OTHER_CACHE_TTL_MS;
    const work = compute()
      .then((value) => {
        if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value ?? '');
        this.entries.set(cacheKey, { value, expires: this.now() + ttl });
        return value;
      })
      .finally(() => this.inFlight.delete(cacheKey));
    this.inFlight.set(cacheKey, work);
    return work;
  }
}
