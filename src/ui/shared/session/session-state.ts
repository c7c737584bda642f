import type { BuyerSummary, Customer } from '../../../contracts/auth';

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

/** Why the session ended: the user asked, or the token could not be refreshed (login modal at home). */
export type EndReason = 'logout' | 'expired' | null;

export interface SessionSnapshot {
  status: SessionStatus;
  customer: Customer | null;
  buyers: BuyerSummary[];
  selectedBuyerId: string | null;
  endReason: EndReason;
  /** An administrator logged in as this customer (docs/decisions/025-admin-login-as.md): their id; else null. */
  adminId: string | null;
  /**
   * An administrator (signed in as themselves, not logged in as a customer) with admin mode on: the
   * administration controls show (docs/product-rules.md §4.8). False for everyone else.
   */
  adminMode: boolean;
}

export const ANONYMOUS: SessionSnapshot = {
  status: 'anonymous',
  customer: null,
  buyers: [],
  selectedBuyerId: null,
  endReason: null,
  adminId: null,
  adminMode: false,
};

/** A tiny external store: React reads it with useSyncExternalStore, so StrictMode cannot fork it. */
export class SessionStore {
  private snapshot: SessionSnapshot;
  private readonly listeners = new Set<() => void>();

  constructor(initial: SessionSnapshot) {
    this.snapshot = initial;
  }

  readonly get = (): SessionSnapshot => this.snapshot;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(next: Partial<SessionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of [...this.listeners]) listener();
  }
}
