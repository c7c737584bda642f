import { M } from '../../../src/contracts/messages';
import { SEARCH_TIME_LIMIT_MS } from '../../../src/contracts/search';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../http/app-error';

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

type Turn = { key: string | undefined; start: () => void };

/**
 * PGlite executes one statement at a time. Searches take turns here, one in the database at a time, so
 * the bridge's other statements (a sign-in, a URL map, a sync page) wait behind at most one search
 * instead of behind every search queued in a burst of cache misses.
 *
 * The most recently wanted search goes first. After a start or a catalogue change, hundreds of distinct
 * searches miss at once; their requests give up at the time limit, but the searches still run so the
 * cache fills (see withinSearchTimeLimit). In arrival order, a buyer's new search would wait behind all of
 * that abandoned work and time out too; served newest first, and moved to the front whenever it is asked
 * for again (`wantSearch`), a search someone is waiting for runs next, and the backlog runs when nobody is.
 */
class SearchTurns {
  /** Not started yet; the last is the most recently wanted. */
  private readonly waiting: Turn[] = [];
  private readonly byKey = new Map<string, Turn>();
  private busy = false;

  /**
   * `work` gets `done`: the search has sent its last statement (and its COMMIT follows in the same queue),
   * so the next search may send its own now rather than one round trip later; else the turn ends when
   * `work` settles.
   */
  take<T>(key: string | undefined, work: (done: () => void) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const turn: Turn = {
        key,
        start: () => {
          if (key !== undefined && this.byKey.get(key) === turn) this.byKey.delete(key);
          let ended = false;
          const done = () => {
            if (ended) return;
            ended = true;
            this.busy = false;
            this.next();
          };
          work(done).then(resolve, reject).finally(done);
        },
      };
      this.waiting.push(turn);
      if (key !== undefined) this.byKey.set(key, turn);
      this.next();
    });
  }

  /** Someone asked for this search again: if it is still waiting for its turn, it goes next. */
  want(key: string): void {
    const turn = this.byKey.get(key);
    if (!turn || this.waiting.at(-1) === turn) return;
    const at = this.waiting.lastIndexOf(turn);
    if (at < 0) return;
    this.waiting.splice(at, 1);
    this.waiting.push(turn);
  }

  private next(): void {
    if (this.busy) return;
    const turn = this.waiting.pop();
    if (!turn) return;
    this.busy = true;
    turn.start();
  }
}

const turnsByDb = new WeakMap<Db, SearchTurns>();

function turnsOf(db: Db): SearchTurns {
  let turns = turnsByDb.get(db);
  if (!turns) turnsByDb.set(db, (turns = new SearchTurns()));
  return turns;
}

/** A request for the search `key` (its cache key) arrived: a queued search of that key goes next (PGlite). */
export function wantSearch(db: Db, key: string): void {
  if (db.kind === 'pglite') turnsByDb.get(db)?.want(key);
}

/**
 * A search's transaction. On PostgreSQL `statement_timeout` cancels a statement at the limit (SPEC §9).
 * PGlite ignores statement_timeout and runs a query synchronously inside WebAssembly (decision 012: on
 * its worker thread), so nothing can interrupt it: the query runs to its end, and `withinSearchTimeLimit`
 * answers the request at the limit meanwhile.
 */
export async function searchTransaction<T>(db: Db, run: (q: Queryable) => Promise<T>, limitMs = SEARCH_TIME_LIMIT_MS, key?: string): Promise<T> {
  if (db.kind === 'postgresql') {
    try {
      return await db.transaction(async (tx) => {
        const settings = tx.query(`select set_config('statement_timeout', $1, true), set_config('random_page_cost', $2, true)`, [String(Math.max(1, Math.floor(limitMs))), RANDOM_PAGE_COST]);
        return (await Promise.all([settings, run(tx)]))[1];
      });
    } catch (error) {
      if (sqlState(error) === QUERY_CANCELED) throw timedOut();
      throw error;
    }
  }
  return turnsOf(db).take(key, (done) =>
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
export async function withinSearchTimeLimit<T>(answer: Promise<T>, limitMs = SEARCH_TIME_LIMIT_MS, started = performance.now()): Promise<T> {
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
