import { describe, expect, it } from 'vitest';
import { createAppBridge } from './app-bridge';
import { networkError } from './bridge-error';
import {
  EVENT_SOURCE_CLOSED,
  concerns,
  concernsCart,
  concernsOrders,
  fetchEventsTicket,
  liveCatalogEvents,
  type EventSourceLike,
  type LiveEvent,
} from './live-events';
import { createMemoryTokenStore } from './token-store';

/** The browser's EventSource stand-in: the test plays the bridge's messages and failures. */
class ScriptedSource implements EventSourceLike {
  readyState = 1;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = EVENT_SOURCE_CLOSED;
  }
  send(type: string, data: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ data } as MessageEvent<string>);
  }
  /** A dropped connection: the browser would retry the same URL by itself (readyState CONNECTING). */
  drop(): void {
    this.readyState = 0;
    this.onerror?.({} as Event);
  }
  failForGood(): void {
    this.readyState = EVENT_SOURCE_CLOSED;
    this.onerror?.({} as Event);
  }
}

let tickets = 0;

/** Lets the ticket promise of a (re)open settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function setup(ticket: () => Promise<string | null> = () => Promise.resolve(`ticket-${(tickets += 1)}`)) {
  const sources: ScriptedSource[] = [];
  const timers: (() => void)[] = [];
  const delays: number[] = [];
  const events: LiveEvent[] = [];
  const live$ = liveCatalogEvents({
    baseUrl: 'https://bridge.test',
    ticket,
    createEventSource: (url) => {
      const source = new ScriptedSource(url);
      sources.push(source);
      return source;
    },
    retryMs: 2000,
    maxRetryMs: 8000,
    setTimer: (callback, ms) => {
      delays.push(ms);
      return timers.push(callback);
    },
    clearTimer: () => undefined,
  });
  const subscription = live$.subscribe((event) => events.push(event));
  await settle();
  /** Runs the next pending reopen and lets its ticket arrive. */
  const next = async () => {
    timers.shift()?.();
    await settle();
  };
  return { sources, timers, delays, events, subscription, next };
}

describe('live catalogue events', () => {
  it('opens one stream with an events ticket in the query and turns resync and change messages into events', async () => {
    tickets = 0;
    const { sources, events } = await setup();
    expect(sources.map((s) => s.url)).toEqual(['https://bridge.test/api/events?token=ticket-1']);
    sources[0]?.send('resync', 'RESYNC');
    sources[0]?.send('change', JSON.stringify({ collections: ['products'] }));
    sources[0]?.send('change', 'not json');
    expect(events).toEqual([{ type: 'resync' }, { type: 'change', collections: ['products'] }]);
    const [resync, change] = events as [LiveEvent, LiveEvent];
    expect(concerns(resync, 'suppliers')).toBe(true);
    expect(concerns(change, 'products')).toBe(true);
    expect(concerns(change, 'categories')).toBe(false);
  });

  it('turns a cart message into a cart event for that buyer only, which no catalogue collection pulls for', async () => {
    const { sources, events } = await setup();
    sources[0]?.send('cart', JSON.stringify({ buyer_id: 'buyer-7' }));
    sources[0]?.send('cart', JSON.stringify({ buyer: 'buyer-7' }));
    sources[0]?.send('cart', '{');
    expect(events).toEqual([{ type: 'cart', buyerId: 'buyer-7' }]);
    const [cart] = events as [LiveEvent];
    expect(concernsCart(cart, 'buyer-7')).toBe(true);
    expect(concernsCart(cart, 'buyer-8')).toBe(false);
    expect(concernsCart({ type: 'resync' }, 'buyer-8')).toBe(true);
    expect(concernsCart({ type: 'change', collections: ['products'] }, 'buyer-7')).toBe(false);
    expect(concerns(cart, 'products')).toBe(false);
  });

  it('turns an orders message into an orders event for that buyer, which neither the cart nor the catalogue pulls for', async () => {
    const { sources, events } = await setup();
    sources[0]?.send('orders', JSON.stringify({ buyer_id: 'buyer-7' }));
    sources[0]?.send('orders', JSON.stringify({ buyer_id: '' }));
    expect(events).toEqual([{ type: 'orders', buyerId: 'buyer-7' }]);
    const [orders] = events as [LiveEvent];
    expect(concernsOrders(orders, 'buyer-7')).toBe(true);
    expect(concernsOrders(orders, 'buyer-8')).toBe(false);
    expect(concernsOrders({ type: 'resync' }, 'buyer-8')).toBe(true);
    expect(concernsOrders({ type: 'cart', buyerId: 'buyer-7' }, 'buyer-7')).toBe(false);
    expect(concernsCart(orders, 'buyer-7')).toBe(false);
    expect(concerns(orders, 'products')).toBe(false);
  });

  it('reopens a dropped stream itself with a fresh ticket instead of letting the browser retry the old URL', async () => {
    tickets = 0;
    const { sources, next } = await setup();
    sources[0]?.drop();
    expect(sources[0]?.closed).toBe(true);
    await next();
    sources[1]?.failForGood();
    await next();
    expect(sources.map((s) => s.url.split('token=')[1])).toEqual(['ticket-1', 'ticket-2', 'ticket-3']);
  });

  it('waits longer after each failure, up to maxRetryMs, and from the start after a RESYNC', async () => {
    const { sources, delays, next } = await setup();
    for (let i = 0; i < 4; i += 1) {
      sources.at(-1)?.failForGood();
      await next();
    }
    expect(delays).toEqual([2000, 4000, 8000, 8000]);
    sources.at(-1)?.send('resync', 'RESYNC');
    sources.at(-1)?.failForGood();
    expect(delays.at(-1)).toBe(2000);
  });

  it('keeps trying while the ticket cannot be had (offline) or nobody is signed in, and opens once it can', async () => {
    const answers: (() => Promise<string | null>)[] = [
      () => Promise.reject(networkError()),
      () => Promise.resolve(null),
      () => Promise.resolve('ticket-late'),
    ];
    const { sources, delays, next } = await setup(() => (answers.shift() ?? (() => Promise.resolve('unused')))());
    expect(sources).toHaveLength(0);
    await next();
    expect(sources).toHaveLength(0);
    await next();
    expect(sources.map((s) => s.url)).toEqual(['https://bridge.test/api/events?token=ticket-late']);
    expect(delays).toEqual([2000, 4000]);
  });

  it('after the bridge ends a stream: reconnects soon when its session ended, waits longest when over the limit', async () => {
    const { sources, delays, next } = await setup();
    sources[0]?.send('resync', 'RESYNC');
    sources[0]?.send('end', JSON.stringify({ reason: 'session' }));
    expect(sources[0]?.closed).toBe(true);
    expect(delays).toEqual([2000]);
    await next();
    sources[1]?.send('resync', 'RESYNC');
    sources[1]?.send('end', JSON.stringify({ reason: 'limit' }));
    // The end of the response that follows is the same ending, not a second failure.
    sources[1]?.failForGood();
    expect(delays).toEqual([2000, 8000]);
  });

  it('closes the stream when the last replication unsubscribes (logout), and a late ticket opens nothing', async () => {
    const { sources, subscription } = await setup();
    subscription.unsubscribe();
    expect(sources[0]?.closed).toBe(true);
    let release: (ticket: string) => void = () => undefined;
    const late = await setup(() => new Promise<string>((resolve) => (release = resolve)));
    late.subscription.unsubscribe();
    release('ticket-too-late');
    await settle();
    expect(late.sources).toHaveLength(0);
  });
});

describe('fetchEventsTicket', () => {
  it('asks for the ticket with the access token in the header; the stream URL holds the ticket, never the access token', async () => {
    const calls: { url: string; authorization: string | null }[] = [];
    const bridge = createAppBridge({
      fetch: (input, init) => {
        calls.push({ url: input, authorization: new Headers(init.headers).get('authorization') });
        const body = { code: 200, result: { ticket: 'events-ticket', expiresIn: 60 } };
        return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
      },
      tokens: createMemoryTokenStore({ accessToken: 'secret-access-token', refreshToken: 'r', expiresAt: Date.now() + 600_000 }),
      cookies: { get: () => '', set: () => undefined },
      baseUrl: 'https://bridge.test',
    });
    const urls: string[] = [];
    const subscription = liveCatalogEvents({
      baseUrl: 'https://bridge.test',
      ticket: () => fetchEventsTicket(bridge.client),
      createEventSource: (url) => {
        urls.push(url);
        return new ScriptedSource(url);
      },
    }).subscribe();
    await settle();
    subscription.unsubscribe();
    expect(calls).toEqual([{ url: 'https://bridge.test/api/events/ticket', authorization: 'Bearer secret-access-token' }]);
    expect(urls).toEqual(['https://bridge.test/api/events?token=events-ticket']);
    expect(urls.join(' ')).not.toContain('secret-access-token');
  });
});
