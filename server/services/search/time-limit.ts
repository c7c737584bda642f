import { M } from '../../../src/contracts/messages';
import { SEARCH_TIME_LIMIT_MS } from '../../../src/contracts/search';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../http/app-error';
import { searchTurnsOf } from './search-turns';

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
 * A search's transaction. On PostgreSQL `statement_timeout` cancels a statement at the limit (SPEC §9).
 * PGlite ignores statement_timeout and runs a query synchronously inside WebAssembly (decision 012: on
 * its worker thread), so nothing can interrupt it: the query runs to its end, and `withinSearchTimeLimit`
 * answers the request at the limit meanwhile.
 */
export async function searchTransaction<T>(
  db: Db,
  run: (q: Queryable) => Promise<T>,
  limitMs = SEARCH_TIME_LIMIT_MS,
  key?: string,
): Promise<T> {
  if (db.kind === 'postgresql') {
    try {
      return await db.transaction(async (tx) => {
        const settings = tx.query(`select set_config('statement_timeout', $1, true), set_config('random_page_cost', $2, true)`, [
          String(Math.max(1, Math.floor(limitMs))),
          RANDOM_PAGE_COST,
        ]);
        return (await Promise.all([settings, run(tx)]))[1];
      });
    } catch (error) {
      if (sqlState(error) === QUERY_CANCELED) throw timedOut();
      throw error;
    }
  }
  return searchTurnsOf(db).take(key, performance.now() + limitMs, (done) =>
    db.transaction(async (tx) => {
      // Not awaited: a transaction's statements run in the order they are sent, so the setting is in
      // place for the search's statements, and the search saves a round trip.
      const settings = tx.query(`select set_config('random_page_cost', $1, true)`, [RANDOM_PAGE_COST]);
      const result = (await Promise.all([settings, run(tx)]))[1];
      // COMMIT is sent as this returns; the next search's BEGIN queues right behind it.
      done();
      return result;
    }),
  );
}

/**
 * SPEC §9: the server gives a search 1000 ms. The request is answered 503 at the limit, whether its search
 * is still queued or still running, and when an answer arrives after it. The search itself goes on: its
 * answer is still kept by the answer cache, so a repeat of a search that missed the limit under load is
 * answered from memory instead of queueing the same work again.
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
  } finally {
    clearTimeout(timer);
    // The abandoned search may still fail later; that failure has no one left to answer.
    answer.catch(() => undefined);
  }
}

/** A search's transaction within the time limit, in one call. */
export function withSearchTimeLimit<T>(db: Db, run: (q: Queryable) => Promise<T>, limitMs = SEARCH_TIME_LIMIT_MS): Promise<T> {
  const started = performance.now();
  return withinSearchTimeLimit(searchTransaction(db, run, limitMs), limitMs, started);
}
