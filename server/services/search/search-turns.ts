import type { Db } from '../../db/client';

type Turn = {
  key: string | undefined;
  start: () => void;
  /** Deadline of the longest-waiting request still waiting for this search (ms, performance.now()). */
  earliest: number;
  /** Deadline of the last request that wanted it: once past, nobody is waiting any more. */
  latest: number;
};

/**
 * PGlite executes one statement at a time. Searches take turns here, one in the database at a time, so
 * the bridge's other statements (a sign-in, a URL map, a sync page) wait behind at most one search
 * instead of behind every search queued in a burst of cache misses.
 *
 * Which search goes next: one that a request is still waiting for, the longest-waiting first (arrival
 * order, as before); only when none is, one whose requests have all given up at the time limit. Those
 * still run, so the answer cache fills (see withinSearchTimeLimit), but after a start or a catalogue change,
 * when hundreds of distinct searches miss at once, a buyer's new search no longer waits behind all of that
 * abandoned work. A search asked for again (`wantSearch`) is waited for again, with the new deadline.
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

  /** A request for this search arrived (a cache miss or a repeat of a search still queued). */
  want(key: string, deadline: number): void {
    const turn = this.byKey.get(key);
    if (!turn) return;
    if (turn.latest < this.now()) turn.earliest = deadline;
    turn.latest = Math.max(turn.latest, deadline);
  }

  private pick(): Turn | undefined {
    const now = this.now();
    let best = -1;
    let abandoned = -1;
    this.waiting.forEach((turn, i) => {
      if (turn.latest >= now) {
        if (best < 0 || turn.earliest < (this.waiting[best]?.earliest ?? Infinity)) best = i;
      } else if (abandoned < 0 || turn.latest > (this.waiting[abandoned]?.latest ?? -Infinity)) {
        // Of the abandoned, the last given up first: the likeliest to be asked for again.
        abandoned = i;
      }
    });
    const at = best >= 0 ? best : abandoned;
    return at >= 0 ? this.waiting.splice(at, 1)[0] : undefined;
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
