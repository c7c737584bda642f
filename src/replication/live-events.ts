import { Observable, share } from 'rxjs';
import type { z } from 'zod';
import {
  cartEventSchema,
  changeEventSchema,
  endEventSchema,
  eventsTicketSchema,
  SSE_CART_EVENT,
  SSE_CHANGE_EVENT,
  SSE_END_EVENT,
  SSE_ORDERS_EVENT,
  SSE_RESYNC_EVENT,
  type EndEvent,
  type SyncCollection,
} from '../contracts/sync';
import type { BridgeClient } from './bridge-client';
import { retryDelay } from './retry-delay';

/**
 * `resync`: the stream (re)connected, every collection (and the cart) pulls; `change`: these catalogue
 * collections moved on the bridge; `cart`: the signed-in customer's cart for this buyer changed there;
 * `orders`: one of their orders for this buyer was stored or changed status there.
 */
export type LiveEvent =
  | { type: 'resync' }
  | { type: 'change'; collections: SyncCollection[] }
  | { type: 'cart'; buyerId: string }
  | { type: 'orders'; buyerId: string };

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
  /**
   * A fresh events ticket (`fetchEventsTicket`), null when nobody is signed in. EventSource cannot send
   * headers, so the stream's credential goes in the URL: a ticket of a minute that opens nothing else,
   * never the access token. Rejects when the bridge cannot be reached or refuses.
   */
  ticket(): Promise<string | null>;
  createEventSource(url: string): EventSourceLike;
  /** First wait before reopening a stream that ended or could not open; doubles up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** POST /api/events/ticket with the session's access token (a 401 goes through the token refresh). */
export async function fetchEventsTicket(client: BridgeClient): Promise<string> {
  const { result } = await client.request({ method: 'POST', path: '/api/events/ticket', result: eventsTicketSchema });
  return result.ticket;
}

interface Connection {
  close(): void;
}

function parseJson<T>(data: string, schema: z.ZodType<T>): T | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    // A malformed message carries nothing usable; the next RESYNC or change catches up.
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * Turns one EventSource's messages into live events. `ended` runs when the stream ends: a network or HTTP
 * error, or the bridge's `end` event (with its reason; the end of the response that follows is ignored by
 * the caller, since the source is closed by then).
 */
function follow(
  source: EventSourceLike,
  emit: (event: LiveEvent) => void,
  hooks: { opened(): void; ended(reason?: EndEvent['reason']): void },
): void {
  source.addEventListener(SSE_RESYNC_EVENT, () => {
    hooks.opened();
    emit({ type: 'resync' });
  });
  source.addEventListener(SSE_CHANGE_EVENT, (event) => {
    const changed = parseJson(event.data, changeEventSchema);
    if (changed) emit({ type: 'change', collections: changed.collections });
  });
  source.addEventListener(SSE_CART_EVENT, (event) => {
    const cart = parseJson(event.data, cartEventSchema);
    if (cart) emit({ type: 'cart', buyerId: cart.buyer_id });
  });
  source.addEventListener(SSE_ORDERS_EVENT, (event) => {
    const orders = parseJson(event.data, cartEventSchema);
    if (orders) emit({ type: 'orders', buyerId: orders.buyer_id });
  });
  source.addEventListener(SSE_END_EVENT, (event) => hooks.ended(parseJson(event.data, endEventSchema)?.reason));
  source.onerror = () => hooks.ended();
}

/**
 * Opens the stream and keeps it open. Every (re)open fetches a new ticket, so this code reopens the stream
 * itself whenever it ends, rather than letting EventSource retry the old URL, whose ticket may have run
 * out. Failures in a row wait longer each time (reset by the RESYNC of a stream that opened); a stream the
 * bridge closed because the customer has too many waits the longest, so two devices do not keep closing
 * each other's stream.
 */
function connect(options: LiveEventsOptions, emit: (event: LiveEvent) => void): Connection {
  const setTimer = options.setTimer ?? ((cb, ms) => setTimeout(cb, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const firstRetry = options.retryMs ?? 2000;
  const maxRetry = options.maxRetryMs ?? 60_000;
  let failures = 0;
  let source: EventSourceLike | null = null;
  let timer: unknown;
  let closed = false;

  const retryLater = (ms?: number): void => {
    if (closed) return;
    failures += 1;
    timer = setTimer(open, ms ?? retryDelay(failures, firstRetry, maxRetry));
  };

  const listen = (current: EventSourceLike): void => {
    follow(current, emit, {
      opened: () => {
        failures = 0;
      },
      ended: (reason) => {
        if (source !== current) return;
        current.close();
        source = null;
        retryLater(reason === 'limit' ? maxRetry : undefined);
      },
    });
  };

  async function openWithTicket(): Promise<void> {
    let ticket: string | null;
    try {
      ticket = await options.ticket();
    } catch {
      // Offline, the bridge down or the session gone (the bridge client has handled a 401 already).
      retryLater();
      return;
    }
    if (closed) return;
    if (ticket === null) {
      retryLater();
      return;
    }
    const current = options.createEventSource(`${options.baseUrl ?? ''}/api/events?token=${encodeURIComponent(ticket)}`);
    source = current;
    listen(current);
  }

  function open(): void {
    timer = undefined;
    void openWithTicket();
  }

  open();
  return {
    close() {
      closed = true;
      if (timer !== undefined) clearTimer(timer);
      source?.close();
      source = null;
    },
  };
}

/**
 * The bridge's live events as one shared Observable: the stream opens with the first subscriber (the leader
 * tab's catalogue and cart replications) and closes with the last.
 */
export function liveCatalogEvents(options: LiveEventsOptions): Observable<LiveEvent> {
  return new Observable<LiveEvent>((subscriber) => {
    const connection = connect(options, (event) => subscriber.next(event));
    return () => connection.close();
  }).pipe(share());
}

/** RxDB's pull.stream$ item for one collection: 'RESYNC' makes it pull from its checkpoint. */
export function concerns(event: LiveEvent, collection: SyncCollection): boolean {
  if (event.type === 'resync') return true;
  return event.type === 'change' && event.collections.includes(collection);
}

/** Whether the cart of this buyer should pull now: the stream (re)connected, or the bridge said it changed. */
export function concernsCart(event: LiveEvent, buyerId: string): boolean {
  return event.type === 'resync' || (event.type === 'cart' && event.buyerId === buyerId);
}

/** Whether the orders of this buyer should pull now: the stream (re)connected, or the bridge said one moved. */
export function concernsOrders(event: LiveEvent, buyerId: string): boolean {
  return event.type === 'resync' || (event.type === 'orders' && event.buyerId === buyerId);
}
