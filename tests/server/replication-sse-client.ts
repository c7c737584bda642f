import { EVENT_SOURCE_CLOSED, type EventSourceLike } from '../../src/replication/live-events';

type Listener = (event: MessageEvent<string>) => void;

/** Dispatches one SSE block ("event: x\ndata: y"); comments (": heartbeat") and retry lines carry no event. */
function dispatch(block: string, listeners: Map<string, Set<Listener>>): void {
  let type = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) type = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (data.length === 0) return;
  const event = { type, data: data.join('\n') } as MessageEvent<string>;
  for (const listener of listeners.get(type) ?? []) listener(event);
}

/**
 * Node 20 has no EventSource: a minimal one over fetch, enough for the storefront's live stream in the
 * integration test (a non-200 answer closes it for good, as the browser's does).
 */
export function fetchEventSource(url: string): EventSourceLike {
  const controller = new AbortController();
  const listeners = new Map<string, Set<Listener>>();
  const source: EventSourceLike & { readyState: number } = {
    readyState: 0,
    onerror: null,
    addEventListener(type: string, listener: Listener) {
      const set = listeners.get(type) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(type, set);
    },
    close() {
      source.readyState = EVENT_SOURCE_CLOSED;
      controller.abort();
    },
  };
  const fail = (): void => {
    if (source.readyState === EVENT_SOURCE_CLOSED) return;
    source.readyState = EVENT_SOURCE_CLOSED;
    source.onerror?.(new Event('error'));
  };
  void (async () => {
    try {
      const res = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
      if (!res.ok || !res.body) return fail();
      source.readyState = 1;
      const decoder = new TextDecoder();
      let buffer = '';
      const reader = res.body.getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        buffer += decoder.decode(next.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          dispatch(buffer.slice(0, end), listeners);
          buffer = buffer.slice(end + 2);
        }
      }
      fail();
    } catch (error) {
      // An abort is our own close(); anything else is a dropped stream, reported like the browser does.
      if (!(error instanceof Error && error.name === 'AbortError')) fail();
    }
  })();
  return source;
}
