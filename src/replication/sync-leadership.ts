import { onDatabaseReplaced } from '../db/database-replaced';

/**
 * Which tab runs the replications (catalogue pull, cart, favourites, order pulls): one leader per browser
 * profile, chosen with a Web Lock. Unlike RxDB's leader election, leadership here can end and come back:
 * a tab the browser freezes (background tabs on Android) gives it up on the Page Lifecycle `freeze` event and
 * competes again on `resume`, so a frozen leader never stops the other tabs' sync; a tab whose database a
 * newer build took over gives it up for good (docs/decisions/032-safe-upgrades.md §3).
 */

type Stop = () => void | Promise<void>;

interface Duty {
  start: () => Stop | undefined;
  stop: Stop | undefined;
  /** Starts and stops of one duty run one after the other: a replication is stopped before it starts again. */
  chain: Promise<void>;
  active: boolean;
}

export interface LeadershipEnvironment {
  locks: Pick<LockManager, 'request'>;
  /** Where the Page Lifecycle's `freeze` and `resume` events arrive (the document). */
  lifecycle: Pick<EventTarget, 'addEventListener'>;
}

export const SYNC_LEADER_LOCK = 'storefront-sync-leader';

export class SyncLeadership {
  private leading = false;
  private retired = false;
  private release: (() => void) | undefined;
  private pending: AbortController | undefined;
  private readonly duties = new Set<Duty>();

  constructor(private readonly env: LeadershipEnvironment) {
    // Work done after `freeze` does not run until `resume`: releasing the lock must happen in the handler.
    env.lifecycle.addEventListener('freeze', () => this.stepDown());
    env.lifecycle.addEventListener('resume', () => this.compete());
    this.compete();
  }

  isLeader(): boolean {
    return this.leading;
  }

  /**
   * Runs `start` each time this tab becomes the leader; the function it returns runs when the tab stops
   * leading. The returned function ends the duty (stopping it if it runs) and resolves once it stopped.
   */
  whileLeader(start: () => Stop | undefined): () => Promise<void> {
    const duty: Duty = { start, stop: undefined, chain: Promise.resolve(), active: true };
    this.duties.add(duty);
    if (this.leading) this.begin(duty);
    return () => {
      duty.active = false;
      this.duties.delete(duty);
      this.end(duty);
      return duty.chain;
    };
  }

  /** Gives leadership up for good: this tab no longer has a database to sync. */
  retire(): void {
    this.retired = true;
    this.stepDown();
  }

  private compete(): void {
    if (this.retired || this.leading || this.pending) return;
    const pending = new AbortController();
    this.pending = pending;
    this.env.locks
      .request(SYNC_LEADER_LOCK, { signal: pending.signal }, () => {
        this.pending = undefined;
        if (this.retired) return undefined;
        this.leading = true;
        for (const duty of this.duties) this.begin(duty);
        return new Promise<void>((resolve) => {
          this.release = resolve;
        });
      })
      .catch((error: unknown) => {
        if (!pending.signal.aborted) console.warn('sync leadership could not be requested', error);
      });
  }

  private stepDown(): void {
    // A frozen tab must not be granted the lock while it cannot run: its waiting request goes too.
    this.pending?.abort();
    this.pending = undefined;
    if (!this.leading) return;
    this.leading = false;
    for (const duty of this.duties) this.end(duty);
    this.release?.();
    this.release = undefined;
  }

  private begin(duty: Duty): void {
    duty.chain = duty.chain
      .then(() => {
        if (this.leading && duty.active && !duty.stop) duty.stop = duty.start();
      })
      .catch((error: unknown) => console.warn('a leader duty failed to start', error));
  }

  private end(duty: Duty): void {
    duty.chain = duty.chain
      .then(async () => {
        const stop = duty.stop;
        duty.stop = undefined;
        await stop?.();
      })
      .catch((error: unknown) => console.warn('a leader duty failed to stop', error));
  }
}

let browserLeadership: SyncLeadership | undefined;

/** Without Web Locks (tests in Node or jsdom) there is one tab, and it leads. */
const SOLE_TAB: LeadershipEnvironment = {
  locks: { request: (_name: string, _options: unknown, callback: () => unknown) => Promise.resolve(callback()) } as Pick<
    LockManager,
    'request'
  >,
  lifecycle: new EventTarget(),
};

/** This tab's sync leadership; it starts competing on first use. */
export function browserSyncLeadership(): SyncLeadership {
  if (!browserLeadership) {
    const hasLocks = typeof navigator !== 'undefined' && 'locks' in navigator && typeof document !== 'undefined';
    const leadership = new SyncLeadership(hasLocks ? { locks: navigator.locks, lifecycle: document } : SOLE_TAB);
    onDatabaseReplaced(() => leadership.retire());
    browserLeadership = leadership;
  }
  return browserLeadership;
}

/**
 * A replication that runs while this tab leads, whose code loads on first use (the database's chunk, decision
 * 030): `load` brings its start function, and `running.current` is the replication running here, or null. The
 * answer is an effect's clean-up: it stops the replication and keeps a late load from starting one.
 */
export function replicateWhileLeader<R extends { stop(): Promise<void> }>(
  load: () => Promise<() => R>,
  running: { current: R | null },
): () => void {
  let stopped = false;
  let end: () => Promise<void> = () => Promise.resolve();
  void load().then((start) => {
    if (stopped) return;
    end = browserSyncLeadership().whileLeader(() => {
      const started = start();
      running.current = started;
      return () => {
        if (running.current === started) running.current = null;
        return started.stop();
      };
    });
  });
  return () => {
    stopped = true;
    void end();
  };
}
