import type { Db, Queryable } from '../db/client';
import { TokenBuckets } from './customer-rate-limit';

/**
 * Where rate-limit counts live. Embedded PGlite serves one bridge process, so its counts stay in that
 * process's memory. On PostgreSQL several bridge instances may share the database behind one address
 * (docs/decisions/027-several-bridge-instances.md): the counts are rows there, changed by one atomic
 * upsert per request, so a budget is one budget whichever instance a request reaches. Both read time from
 * one clock: the memory store from the wall clock of its process, the database store from the database's,
 * which every instance shares.
 */
export interface LimitStore {
  readonly kind: 'memory' | 'database';
  /** Counts one request of `key` in the current fixed window of `counter`: the count so far and the ms left. */
  hit(counter: string, key: string, windowMs: number): Promise<{ count: number; msLeft: number }>;
  /** Gives one request back (an attempt that did not count after all). */
  refund(counter: string, key: string): Promise<void>;
  /** Takes one token from `key`'s bucket: 0 when there was one, else the ms until one will be. */
  take(bucket: string, key: string, perSecond: number, burst: number): Promise<number>;
  close(): Promise<void>;
}

/** Keys kept per counter in memory; beyond it the oldest window is forgotten (an attacker must spend requests to get there). */
const MAX_KEYS = 20_000;

type Window = { count: number; endsAt: number };

/** Fixed-window counts per key, in this process's memory. */
export class WindowCounter {
  private readonly windows = new Map<string, Window>();
  constructor(private readonly windowMs: number) {}

  hit(key: string, now: number): Window {
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= MAX_KEYS) this.forgetOldest(now);
      window = { count: 0, endsAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window;
  }

  refund(key: string): void {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  private forgetOldest(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now || this.windows.size >= MAX_KEYS) this.windows.delete(key);
      else break;
    }
  }
}

/** Counts in this process (embedded PGlite: one process). */
export function memoryLimitStore(now: () => number = () => Date.now()): LimitStore {
  const counters = new Map<string, WindowCounter>();
  const buckets = new Map<string, TokenBuckets>();
  return {
    kind: 'memory',
    async hit(counter, key, windowMs) {
      let windows = counters.get(counter);
      if (!windows) {
        windows = new WindowCounter(windowMs);
        counters.set(counter, windows);
      }
      const at = now();
      const window = windows.hit(key, at);
      return { count: window.count, msLeft: window.endsAt - at };
    },
    async refund(counter, key) {
      counters.get(counter)?.refund(key);
    },
    async take(bucket, key, perSecond, burst) {
      const id = `${bucket}/${perSecond}/${burst}`;
      let bucketsOf = buckets.get(id);
      if (!bucketsOf) {
        bucketsOf = new TokenBuckets({ perSecond, burst });
        buckets.set(id, bucketsOf);
      }
      return bucketsOf.take(key);
    },
    async close() {},
  };
}

/** Expired windows and full buckets are deleted this often (by every instance; the delete is cheap and idempotent). */
export const LIMIT_SWEEP_MS = 60_000;

const HIT_SQL = `
insert into rate_limit_windows as w (counter, key, count, ends_at)
values ($1, $2, 1, statement_timestamp() + $3::float8 * interval '1 millisecond')
on conflict (counter, key) do update set
  count = case when w.ends_at <= statement_timestamp() then 1 else w.count + 1 end,
  ends_at = case when w.ends_at <= statement_timestamp() then excluded.ends_at else w.ends_at end
returning count, extract(epoch from ends_at - statement_timestamp())::float8 * 1000 as ms_left`;

const REFUND_SQL = 'update rate_limit_windows set count = count - 1 where counter = $1 and key = $2 and count > 0';

/**
 * One statement: the level now is the stored level plus what refilled since (`at`), at most the burst; a
 * token is taken when the level is at least 1. In an UPDATE every `b.` is the row as it was, so the three
 * columns are computed from one level. $3 tokens a second, $4 the burst.
 */
const LEVEL = `least($4::float8, b.tokens + extract(epoch from statement_timestamp() - b.at)::float8 * $3::float8)`;
const TAKE_SQL = `
insert into rate_limit_buckets as b (bucket, key, tokens, at, taken, full_at)
values ($1, $2, $4::float8 - 1, statement_timestamp(), true, statement_timestamp() + interval '1 second' / $3::float8)
on conflict (bucket, key) do update set
  taken = ${LEVEL} >= 1,
  tokens = ${LEVEL} - case when ${LEVEL} >= 1 then 1 else 0 end,
  at = statement_timestamp(),
  full_at = statement_timestamp()
    + ($4::float8 - (${LEVEL} - case when ${LEVEL} >= 1 then 1 else 0 end)) / $3::float8 * interval '1 second'
returning taken, tokens`;

/** Counts in the shared PostgreSQL (migration 105). */
export function databaseLimitStore(db: Queryable, sweepMs = LIMIT_SWEEP_MS): LimitStore {
  const sweep = async (): Promise<void> => {
    await db.query('delete from rate_limit_windows where ends_at < statement_timestamp()');
    await db.query('delete from rate_limit_buckets where full_at < statement_timestamp()');
  };
  const timer = setInterval(() => {
    // A failed sweep (the database restarting) is retried at the next one; the rows only take space.
    sweep().catch(() => undefined);
  }, sweepMs);
  timer.unref();
  return {
    kind: 'database',
    async hit(counter, key, windowMs) {
      const [row] = await db.query<{ count: number; ms_left: number }>(HIT_SQL, [counter, key, windowMs]);
      return { count: row?.count ?? 1, msLeft: Math.max(0, row?.ms_left ?? windowMs) };
    },
    async refund(counter, key) {
      await db.query(REFUND_SQL, [counter, key]);
    },
    async take(bucket, key, perSecond, burst) {
      const [row] = await db.query<{ taken: boolean; tokens: number }>(TAKE_SQL, [bucket, key, perSecond, burst]);
      if (!row || row.taken) return 0;
      return Math.max(1, Math.ceil(((1 - row.tokens) / perSecond) * 1000));
    },
    async close() {
      clearInterval(timer);
    },
  };
}

/** The store for this database: shared rows on PostgreSQL, this process's memory on embedded PGlite. */
export function limitStoreFor(db: Db): LimitStore {
  return db.kind === 'postgresql' ? databaseLimitStore(db) : memoryLimitStore();
}
