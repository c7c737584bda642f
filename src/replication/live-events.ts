import { Observable, share } from 'rxjs';
import { changeEventSchema, SSE_CHANGE_EVENT, SSE_RESYNC_EVENT, type SyncCollection } from '../contracts/sync';
import { retryDelay } from './retry-delay';

/** `resync`: the stream (re)connected, every collection pulls; `change`: these collections moved on the bridge. */
export type LiveEvent = { type: 'resync' } | { type: 'change'; collections: SyncCollection[] };

/** The part of the browser's EventSource the live stream uses (tests pass one built on fetch). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export const EVENT_SOURCE_CLOSED = 2;

export interface LiveEventsOptions {
  /** Origin of the bridge; '' for the page's own origin. */
  baseUrl?: string;
  /** The current access token: EventSource cannot send headers, so it goes in the query (the bridge redacts it). */
  token(): string | null;
  createEventSource(url: string): EventSourceLike;
  /** First wait before reopening a stream the browser gave up on (401, 5xx); doubles up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

interface Connection {
  close(): void;
}

function parseChange(data: string): SyncCollection[] | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    // A malformed message cannot name collections; the next RESYNC or change catches up.
    return null;
  }
  const parsed = changeEventSchema.safeParse(json);
  return parsed.success ? parsed.data.collections : null;
}

/**
 * Opens the stream and keeps it open. The browser reconnects by itself after a network error (and the bridge
 * then sends RESYNC again); it gives up for good on an HTTP error such as a 401 from an expired token in the
 * URL, so then a new EventSource is opened after a backoff, with the token of that moment.
 */
function connect(options: LiveEventsOptions, emit: (event: LiveEvent) => void): Connection {
  const setTimer = options.setTimer ?? ((cb, ms) => setTimeout(cb, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const firstRetry = options.retryMs ?? 2000;
  const maxRetry = options.maxRetryMs ?? 60_000;
  /** Connections that ended in an HTTP error since the last RESYNC. */
  let failures = 0;
  let source: EventSourceLike | null = null;
  let timer: unknown;
  let closed = false;

  const open = (): void => {
    timer = undefined;
    const token = options.token();
    if (token === null) {
      timer = setTimer(open, retryDelay(failures + 1, firstRetry, maxRetry));
      return;
    }
    const current = options.createEventSource(`${options.baseUrl ?? ''}/api/events?token=${encodeURIComponent(token)}`);
    source = current;
    current.addEventListener(SSE_RESYNC_EVENT, () => {
      failures = 0;
      emit({ type: 'resync' });
    });
    current.addEventListener(SSE_CHANGE_EVENT, (event) => {
      const collections = parseChange(event.data);
      if (collections) emit({ type: 'change', collections });
    });
    current.onerror = () => {
      if (closed || current.readyState !== EVENT_SOURCE_CLOSED) return;
      current.close();
      failures += 1;
      timer = setTimer(open, retryDelay(failures, firstRetry, maxRetry));
    };
  };
  open();
  return {
    close() {
      closed = true;
      if (timer !== undefined) clearTimer(timer);
      source?.close();
    },
  };
}

/**
 * The bridge's live catalogue events as one shared Observable: the stream opens with the first subscriber
 * (the leader tab's replications) and closes with the last.
 */
export function liveCatalogEvents(options: LiveEventsOptions): Observable<LiveEvent> {
  return new Observable<LiveEvent>((subscriber) => {
    const connection = connect(options, (event) => subscriber.next(event));
    return () => connection.close();
  }).pipe(share());
}

/** RxDB's pull.stream$ item for one collection: 'RESYNC' makes it pull from its checkpoint. */
export function concerns(event: LiveEvent, collection: SyncCollection): boolean {
  return event.type === 'resync' || event.collections.includes(collection);
}
