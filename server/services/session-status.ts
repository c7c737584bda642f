import type { Clock } from '../../src/domain/clock';
import type { Queryable } from '../db/client';

/** How long one bridge instance trusts "this session is open" before asking the database again. */
export const SESSION_STATUS_TTL_MS = 3000;
/** Families remembered per instance; the oldest answer is forgotten first (it is simply asked again). */
const MAX_ENTRIES = 20_000;

type Entry = { open: boolean; customerId: string | null; checkedAt: number };

export type SessionEndListener = (familyIds: readonly string[]) => void;

/**
 * Whether a session (refresh-token family) is still open. The database is the only state: an instance
 * caches "open" for at most `ttlMs` (on the injected clock), so a session ended on any instance sharing
 * the database is refused everywhere within that bound, while an open session costs one query per
 * `ttlMs` per instance rather than one per request. An ended session never reopens, so "ended" is kept
 * until evicted. Sessions ended on this instance are refused here at once and reported to listeners
 * (the live-event streams).
 */
export class SessionStatus {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Entry>>();
  private readonly listeners = new Set<SessionEndListener>();

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    private readonly ttlMs = SESSION_STATUS_TTL_MS,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /** True when the family exists, is not revoked and belongs to `customerId`. */
  async isOpen(familyId: string, customerId: string): Promise<boolean> {
    const entry = await this.entryOf(familyId);
    return entry.open && entry.customerId === customerId;
  }

  /** Of these families, the ones still open, read from the database now (one query; the stream sweep). */
  async openAmong(familyIds: readonly string[]): Promise<Set<string>> {
    if (familyIds.length === 0) return new Set();
    const rows = await this.db.query<{ family_id: string; customer_id: string }>(
      'select family_id, customer_id from session_families where family_id = any($1::text[]) and revoked_at is null',
      [familyIds],
    );
    const now = this.clock.now();
    const open = new Set<string>();
    for (const row of rows) {
      open.add(row.family_id);
      this.remember(row.family_id, { open: true, customerId: row.customer_id, checkedAt: now });
    }
    for (const id of familyIds) if (!open.has(id)) this.remember(id, { open: false, customerId: null, checkedAt: now });
    return open;
  }

  /** This instance has just ended these sessions in the database. */
  ended(familyIds: readonly string[]): void {
    if (familyIds.length === 0) return;
    const now = this.clock.now();
    for (const id of familyIds) this.remember(id, { open: false, customerId: null, checkedAt: now });
    for (const listener of [...this.listeners]) listener(familyIds);
  }

  onEnded(listener: SessionEndListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async entryOf(familyId: string): Promise<Entry> {
    const cached = this.entries.get(familyId);
    if (cached && (!cached.open || this.isFresh(cached))) return cached;
    let pending = this.inFlight.get(familyId);
    if (!pending) {
      pending = this.load(familyId).finally(() => this.inFlight.delete(familyId));
      this.inFlight.set(familyId, pending);
    }
    return pending;
  }

  private isFresh(entry: Entry): boolean {
    const age = this.clock.now() - entry.checkedAt;
    // A clock that went back is no reason to trust an old answer longer.
    return age >= 0 && age < this.ttlMs;
  }

  private async load(familyId: string): Promise<Entry> {
    const [row] = await this.db.query<{ customer_id: string; revoked_at: Date | string | null }>(
      'select customer_id, revoked_at from session_families where family_id = $1',
      [familyId],
    );
    return this.remember(familyId, {
      open: !!row && !row.revoked_at,
      customerId: row?.customer_id ?? null,
      checkedAt: this.clock.now(),
    });
  }

  /** Stores an answer, except that "ended" is final: an older "open" read racing ended() never wins. */
  private remember(familyId: string, entry: Entry): Entry {
    const current = this.entries.get(familyId);
    if (current && !current.open && entry.open) return current;
    this.entries.delete(familyId);
    this.entries.set(familyId, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return entry;
  }
}
