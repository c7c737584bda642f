import { M } from '../../../src/contracts/messages';
import { SEARCH_TIME_LIMIT_MS } from '../../../src/contracts/search';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../http/app-error';
import { AbandonedSearch, searchTurnsOf } from './search-turns';

const QUERY_CANCELED = '57014';

function timedOut(): AppError {
  return new AppError(503, M.technicalIssue, { reason: 'search_timeout', limitMs: SEARCH_TIME_LIMIT_MS }, 'SEARCH_TIMEOUT');
}

function sqlState(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The catalogue is small enough to stay in memory (PGlite keeps it all there), so a random page read
 * costs about what a sequential one does. With the default random_page_cost of 4 the planner answered
 * a many-word search (each word's prefix matches ~1,000 rows) with a sequential scan that evaluated the
 * text match on all 20,000 products: 5–8 times slower than the bitmap index scan it picks with 1.1.
 * Set for the search transaction only (`set_config(…, true)`), so no other query's plan changes.
 */
const RANDOM_PAGE_COST = '1.1';
/**
 * The matched rows of a search over every listable product (no text, no filter: 15,000 rows of ~280
 * bytes at 20,000 products) are ~4.5 MB: just over the default work_mem of 4 MB, so the CTE spilled to a
 * temporary file that the count, the page and every aggregation read back. 16 MB keeps it in memory.
 */
const WORK_MEM = '16MB';
const SETTINGS_SQL = `select set_config('random_page_cost', $1, true), set_config('work_mem', $2, true)`;

export type SearchTransactionOptions = {
  /** When every request for this search gives up (performance.now() ms); default now + the docs/product-rules.md §9 limit. */
  deadline?: number;
  /** The search's cache key: a repeat of a queued search waits for the same turn (PGlite). */
  key?: string;
};

/**
 * On PostgreSQL each statement of the search gets what is left of the time limit as its
 * statement_timeout, so the server cancels it there (a lock wait included); a search whose connection
 * came after the deadline does not start. The setting is awaited before the statement: node-postgres sends
 * one query at a time on a connection anyway, and from pg 9 on a second query while one runs is an error.
 */
function untilDeadline(tx: Queryable, deadline: number): Queryable {
  return {
    async query<R>(sql: string, params?: readonly unknown[]) {
      const left = Math.floor(deadline - performance.now());
      if (left < 1) throw timedOut();
      await tx.query(`select set_config('statement_timeout', $1, true)`, [String(left)]);
      return tx.query<R>(sql, params);
    },
    exec: (sql) => tx.exec(sql),
  };
}

/**
 * A search's transaction. On PostgreSQL `statement_timeout` cancels a statement at the deadline (docs/product-rules.md §9).
 * PGlite ignores statement_timeout and runs a query synchronously inside WebAssembly (decision 012: on
 * its worker thread), so nothing can interrupt a running one: searches take turns (search-turns.ts), a
 * search whose requests all gave up before its turn never starts, and the request bounds
 * (src/contracts/search.ts) keep the one that runs short (decision 016).
 */
export async function searchTransaction<T>(db: Db, run: (q: Queryable) => Promise<T>, options: SearchTransactionOptions = {}): Promise<T> {
  const deadline = options.deadline ?? performance.now() + SEARCH_TIME_LIMIT_MS;
  if (db.kind === 'postgresql') {
    try {
      return await db.transaction(async (tx) => {
        await tx.query(SETTINGS_SQL, [RANDOM_PAGE_COST, WORK_MEM]);
        return run(untilDeadline(tx, deadline));
      });
    } catch (error) {
      if (sqlState(error) === QUERY_CANCELED) throw timedOut();
      throw error;
    }
  }
  return searchTurnsOf(db).take(options.key, deadline, (done) =>
    db.transaction(async (tx) => {
      // Not awaited: a transaction's statements run in the order they are sent, so the setting is in
      // place for the search's statements, and the search saves a round trip.
      const settings = tx.query(SETTINGS_SQL, [RANDOM_PAGE_COST, WORK_MEM]);
      const result = (await Promise.all([settings, run(tx)]))[1];
      // COMMIT is sent as this returns; the next search's BEGIN queues right behind it.
      done();
      return result;
    }),
  );
}

/**
 * docs/product-rules.md §9: the server gives a search 1000 ms. The request is answered 503 at the limit, whether its search
 * is still queued or still running, and when an answer arrives after it. A search already running goes
 * on where it cannot be cancelled (PGlite), and its answer is still kept by the answer cache; a search
 * still queued is dropped once every request for it has given up (search-turns.ts).
 */
export async function withinSearchTimeLimit<T>(
  answer: Promise<T>,
  limitMs = SEARCH_TIME_LIMIT_MS,
  started = performance.now(),
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), Math.max(0, limitMs - (performance.now() - started)));
  });
  try {
    const result = await Promise.race([answer, limit]);
    if (performance.now() - started > limitMs) throw timedOut();
    return result;
  } catch (error) {
    // A timer may fire a little after the turns saw the deadline pass and dropped the search.
    if (error instanceof AbandonedSearch) throw timedOut();
    throw error;
  } finally {
    clearTimeout(timer);
    // The abandoned search may still fail later; that failure has no one left to answer.
    answer.catch(() => undefined);
  }
}

/** A search's transaction within the time limit, in one call. */
export function withSearchTimeLimit<T>(db: Db, run: (q: Queryable) => Promise<T>, limitMs = SEARCH_TIME_LIMIT_MS): Promise<T> {
  const started = performance.now();
  return withinSearchTimeLimit(searchTransaction(db, run, { deadline: started + limitMs }), limitMs, started);
}
