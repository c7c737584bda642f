import { describe, expect, it } from 'vitest';
import { EVENT_SOURCE_CLOSED, concerns, liveCatalogEvents, type EventSourceLike, type LiveEvent } from './live-events';

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
  failForGood(): void {
    this.readyState = EVENT_SOURCE_CLOSED;
    this.onerror?.({} as Event);
  }
}

function setup() {
  const sources: ScriptedSource[] = [];
  const timers: (() => void)[] = [];
  const delays: number[] = [];
  let token = 'first-token';
  const events: LiveEvent[] = [];
  const live$ = liveCatalogEvents({
    baseUrl: 'https://bridge.test',
    token: () => token,
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
  return { sources, timers, delays, events, subscription, setToken: (next: string) => (token = next) };
}

describe('live catalogue events', () => {
  it('opens one stream with the token in the query and turns resync and change messages into events', () => {
    const { sources, events } = setup();
    expect(sources.map((s) => s.url)).toEqual(['https://bridge.test/api/events?token=first-token']);
    sources[0]?.send('resync', 'RESYNC');
    sources[0]?.send('change', JSON.stringify({ collections: ['products'] }));
    sources[0]?.send('change', 'not json');
    expect(events).toEqual([{ type: 'resync' }, { type: 'change', collections: ['products'] }]);
    const [resync, change] = events as [LiveEvent, LiveEvent];
    expect(concerns(resync, 'suppliers')).toBe(true);
    expect(concerns(change, 'products')).toBe(true);
    expect(concerns(change, 'categories')).toBe(false);
  });

  it('reopens with the current token after the browser gave up (an expired token in the URL)', () => {
    const { sources, timers, setToken } = setup();
    setToken('fresh-token');
    sources[0]?.failForGood();
    expect(sources).toHaveLength(1);
    timers.shift()?.();
    expect(sources.map((s) => s.url.split('token=')[1])).toEqual(['first-token', 'fresh-token']);
  });

  it('waits longer after each stream that failed for good, up to maxRetryMs, and from the start after a RESYNC', () => {
    const { sources, timers, delays } = setup();
    for (let i = 0; i < 4; i += 1) {
      sources.at(-1)?.failForGood();
      timers.shift()?.();
    }
    expect(delays).toEqual([2000, 4000, 8000, 8000]);
    sources.at(-1)?.send('resync', 'RESYNC');
    sources.at(-1)?.failForGood();
    expect(delays.at(-1)).toBe(2000);
  });

  it('closes the stream when the last replication unsubscribes (logout)', () => {
    const { sources, subscription } = setup();
    subscription.unsubscribe();
    expect(sources[0]?.closed).toBe(true);
  });
});
