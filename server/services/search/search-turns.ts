import type { Db } from '../../db/client';

type Turn = {
  key: string | undefined;
  start: () => void;
  /** Ends the turn without running it: every request for it has given up. */
  drop: () => void;
  /** Deadline of the longest-waiting request still waiting for this search (ms, performance.now()). */
  earliest: number;
  /** Deadline of the last request that wanted it: once past, nobody is waiting any more. */
  latest: number;
};

/** A search whose every request gave up (answered 503 at the time limit) before its turn came. */
export class AbandonedSearch extends Error {
  readonly code = 'SEARCH_ABANDONED';
}

/**
 * PGlite executes one statement at a time, and a running statement cannot be interrupted (it ignores
 * statement_timeout; decisions 007, 012, 016). Searches take turns here, one in the database at a time,
 * so the bridge's other statements (a sign-in, a URL map, a sync page) wait behind at most one search
 * instead of behind every search queued in a burst of cache misses.
 *
 * Which search goes next: one that a request is still waiting for, the longest-waiting first (arrival
 * order). A search whose requests have all given up at the time limit never starts: it is dropped,
 * rejected with AbandonedSearch. (It used to run last "so the answer cache fills", but a burst of
 * expensive distinct searches then kept the database busy for minutes after every request had its 503,
 * and nothing could stop them once started.) A search asked for again (`wantSearch`) while still queued
 * is waited for again, with the new deadline.
 */
export class SearchTurns {
  private readonly waiting: Turn[] = [];
  private readonly byKey = new Map<string, Turn>();
  private busy = false;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /**
   * `work` gets `done`: the search has sent its last statement (and its COMMIT follows in the same queue),
   * so the next search may send its own now rather than one round trip later; else the turn ends when
   * `work` settles.
   */
  take<T>(key: string | undefined, deadline: number, work: (done: () => void) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const turn: Turn = {
        key,
        earliest: deadline,
        latest: deadline,
        drop: () => {
          if (key !== undefined && this.byKey.get(key) === turn) this.byKey.delete(key);
          reject(new AbandonedSearch('every request for this search gave up before its turn'));
        },
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

  /** A request for this search arrived (a repeat of a search still queued): it is waited for until `deadline`. */
  want(key: string, deadline: number): void {
    const turn = this.byKey.get(key);
    if (!turn) return;
    if (turn.latest < this.now()) turn.earliest = deadline;
    turn.latest = Math.max(turn.latest, deadline);
  }

  /** Searches waiting for their turn (abandoned ones included until the next turn drops them). */
  get queued(): number {
    return this.waiting.length;
  }

  /** The next search to run: abandoned ones are dropped on the way, the longest-waiting of the rest wins. */
  private pick(): Turn | undefined {
    const now = this.now();
    const abandoned = this.waiting.filter((turn) => turn.latest < now);
    if (abandoned.length > 0) {
      this.waiting.splice(0, this.waiting.length, ...this.waiting.filter((turn) => turn.latest >= now));
      for (const turn of abandoned) turn.drop();
    }
    let best = -1;
    this.waiting.forEach((turn, i) => {
      if (best < 0 || turn.earliest < (this.waiting[best]?.earliest ?? Infinity)) best = i;
    });
    return best >= 0 ? this.waiting.splice(best, 1)[0] : undefined;
  }

  private next(): void {
    if (this.busy) return;
    const turn = this.pick();
    if (!turn) return;
    this.busy = true;
    turn.start();
  }
}

const turnsByDb = new WeakMap<Db, SearchTurns>();

export function searchTurnsOf(db: Db): SearchTurns {
  let turns = turnsByDb.get(db);
  if (!turns) turnsByDb.set(db, (turns = new SearchTurns()));
  return turns;
}

/**
 * A request for the search `key` (its cache key) arrived, with the time it gives up: a search of that
 * key still waiting for its turn is waited for again (PGlite; PostgreSQL runs searches side by side).
 */
export function wantSearch(db: Db, key: string, deadline: number): void {
  if (db.kind === 'pglite') turnsByDb.get(db)?.want(key, deadline);
}
