import { SSE_END_EVENT, type EndEvent } from '../../../src/contracts/sync';

/**
 * Streams one customer may keep open on one bridge instance: enough for several tabs and devices (the
 * storefront opens one per browser, in its leader tab), few enough that one account cannot hold
 * thousands of connections.
 */
export const MAX_STREAMS_PER_CUSTOMER = 8;

export type StreamOwner = { customerId: string; familyId: string };

/** How the registry closes a stream: tell the client why, then end the response. */
export type StreamCloser = (message: string) => void;

type Entry = StreamOwner & { close: StreamCloser };

export function endMessage(reason: EndEvent['reason']): string {
  return `event: ${SSE_END_EVENT}\ndata: ${JSON.stringify({ reason })}\n\n`;
}

/**
 * The open live-event streams of this instance by session. When a customer opens one stream too many,
 * the OLDEST is closed rather than the new one refused: a client that vanished without closing its
 * connection (a phone that changed networks, a laptop that slept) is only noticed when a heartbeat write
 * fails, which can take minutes, and refusing new streams meanwhile would lock the buyer's live device out
 * behind its own dead connections. The newest stream is the one most likely to have someone behind it.
 */
export class SessionStreams {
  /** Insertion order is age: the first entry of a customer is their oldest stream. */
  private readonly entries = new Set<Entry>();

  constructor(private readonly maxPerCustomer = MAX_STREAMS_PER_CUSTOMER) {}

  get size(): number {
    return this.entries.size;
  }

  /** Registers a stream, closing the customer's oldest ones beyond the limit; returns the unregister. */
  admit(owner: StreamOwner, close: StreamCloser): () => void {
    const entry: Entry = { ...owner, close };
    this.entries.add(entry);
    const mine = [...this.entries].filter((e) => e.customerId === owner.customerId);
    for (const old of mine.slice(0, Math.max(0, mine.length - this.maxPerCustomer))) this.end(old, 'limit');
    return () => {
      this.entries.delete(entry);
    };
  }

  /** The sessions that have a stream open here. */
  familyIds(): string[] {
    return [...new Set([...this.entries].map((e) => e.familyId))];
  }

  /** Closes every stream of these sessions (they ended); returns how many were closed. */
  endFamilies(familyIds: Iterable<string>): number {
    const ended = new Set(familyIds);
    let closed = 0;
    for (const entry of [...this.entries]) {
      if (!ended.has(entry.familyId)) continue;
      this.end(entry, 'session');
      closed += 1;
    }
    return closed;
  }

  private end(entry: Entry, reason: EndEvent['reason']): void {
    this.entries.delete(entry);
    entry.close(endMessage(reason));
  }
}
