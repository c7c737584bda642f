import type { Db, Queryable } from '../../db/client';
import { FEED_CHANNEL } from '../change-feed/notifier';

/** Default memory budget of one cache (SEARCH_CACHE_MB): a few hundred typical answers, ~6 of the largest. */
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;
/** What an entry costs besides its key and value: the Map slot, the entry object, the timestamps. */
const ENTRY_OVERHEAD_BYTES = 200;
/** How often the catalogue version is read where the database does not report commits; a change drops every answer. */
const VERSION_CHECK_MS = 1000;

/** SEARCH_CACHE=off turns the catalogue answer caches (search, URL map) off: the benchmark's database-only runs. */
export const catalogCacheEnabled = (option?: boolean): boolean => option ?? process.env.SEARCH_CACHE !== 'off';

type Entry<T> = { value: T; expires: number; bytes: number };

export type AnswerCacheOptions<T> = {
  /** Memory budget in bytes: least recently used answers are dropped to stay within it. */
  maxBytes?: number;
  /** Bytes a value holds; default: its `size` when it has one (PreparedAnswer), else 64. */
  sizeOf?: (value: T) => number;
};

function defaultSize(value: unknown): number {
  const size = typeof value === 'object' && value !== null ? (value as { size?: unknown }).size : undefined;
  return typeof size === 'number' ? size : 64;
}
type ListenFn = NonNullable<Db['listen']>;

/**
 * Catalogue answers (searches, URL maps) kept in memory, dropped as soon as the catalogue changes. Every
 * catalogue write advances the change feed's sequence and sends a `catalog_feed` notification when it
 * commits (migration 020). Two ways to hear of it:
 * - `followChanges(listen)`: the notification itself. PGlite hands it to this process before the write's
 *   own statement returns (decision 012), so after any write through this database, the bridge's own or
 *   a test's, no answer from before it is served. Nothing is polled then.
 * - Otherwise (PostgreSQL, where other instances write too) the sequence is read at most once a
 *   VERSION_CHECK_MS, so an answer is at most that much older than the catalogue.
 * The TTLs bound an answer where neither exists. Identical requests that arrive together share one
 * computation; one that started before a change is answered but not kept.
 *
 * Memory is bounded in bytes, not entries (40 large answers once held 320 MB): every entry counts its
 * key (UTF-16) and its value's size, and the least recently used entries are dropped while the total is
 * over the budget; an answer larger than the whole budget is served but not kept.
 */
export class CatalogAnswerCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly inFlight = new Map<string, Promise<T>>();
  /** Advances on every change: a computation that started in an older generation is not kept. */
  private generation = 0;
  private following = false;
  private version: string | null = null;
  private versionReadAt = -Infinity;
  private versionRead: Promise<void> | null = null;
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly sizeOf: (value: T) => number;

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number = () => Date.now(),
    options: AnswerCacheOptions<T> = {},
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_CACHE_BYTES;
    this.sizeOf = options.sizeOf ?? defaultSize;
  }

  /** Bytes the kept answers hold now (never more than the budget). */
  get usedBytes(): number {
    return this.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops every answer and every shared computation in progress. */
  forget(): void {
    this.entries.clear();
    this.bytes = 0;
    this.inFlight.clear();
    this.generation += 1;
  }

  /**
   * Follows `db`'s commit notifications where it offers them to this process (PGlite); resolves to the
   * unsubscribe function, or null where the database has none (PostgreSQL: the version check applies).
   */
  async followCommitsOf(db: Db): Promise<(() => Promise<void>) | null> {
    return db.listen ? this.followChanges(db.listen.bind(db)) : null;
  }

  /** Forget on every catalogue notification instead of polling; resolves to the unsubscribe function. */
  async followChanges(listen: ListenFn): Promise<() => Promise<void>> {
    const unlisten = await listen(FEED_CHANNEL, () => this.forget());
    this.following = true;
    // Anything computed before the subscription was in place may predate a change it missed.
    this.forget();
    return async () => {
      this.following = false;
      await unlisten();
    };
  }

  private async readVersion(): Promise<void> {
    let current: string;
    try {
      const rows = await this.db.query<{ v: string }>('select (last_value::text || is_called::text) as v from catalog_feed_seq');
      current = rows[0]?.v ?? '';
    } catch (error) {
      // No change feed in this database (it is another engineer's migration): the TTLs alone apply.
      current = `no-feed:${error instanceof Error ? error.name : 'unknown'}`;
    }
    if (current !== this.version) this.forget();
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

  async get(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    if (!this.following) await this.fresh();
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) {
      // Most recently used last: the Map's order is the eviction order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const running = this.inFlight.get(key);
    if (running) return running;
    const generation = this.generation;
    const work = compute()
      .then((value) => {
        if (generation === this.generation) this.keep(key, value, ttlMs);
        return value;
      })
      .finally(() => {
        if (this.inFlight.get(key) === work) this.inFlight.delete(key);
      });
    this.inFlight.set(key, work);
    return work;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private keep(key: string, value: T, ttlMs: number): void {
    this.drop(key);
    const bytes = key.length * 2 + this.sizeOf(value) + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxBytes) return;
    for (const oldest of this.entries.keys()) {
      if (this.bytes + bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
    this.entries.set(key, { value, expires: this.now() + ttlMs, bytes });
    this.bytes += bytes;
  }
}
