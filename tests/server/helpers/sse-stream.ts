import http from 'node:http';

/** Reading the bridge's Server-Sent Events over plain node:http, as EventSource would. */

export type Stream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  messages: string[];
  waitFor(match: (m: string) => boolean, ms: number): Promise<string>;
  /** Resolves when the bridge ends the response. */
  ended: Promise<void>;
  close(): void;
};

/** An EventSource-like reader: collects complete SSE messages (blocks ending in a blank line). */
export function openStream(url: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      const messages: string[] = [];
      const waiters: { match: (m: string) => boolean; resolve: (m: string) => void }[] = [];
      const ended = new Promise<void>((done) => res.once('end', () => done()));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          messages.push(message);
          for (const w of [...waiters]) if (w.match(message)) w.resolve(message);
          end = buffer.indexOf('\n\n');
        }
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        messages,
        waitFor(match, ms) {
          const found = messages.find(match);
          if (found !== undefined) return Promise.resolve(found);
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => fail(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(messages)}`)), ms);
            waiters.push({ match, resolve: (m) => (clearTimeout(timer), ok(m)) });
          });
        },
        ended,
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

export const isResync = (m: string): boolean => m.includes('event: resync') && m.includes('data: RESYNC');

/** The `event: end` message the bridge sends before it closes a stream itself. */
export const isEndFor =
  (reason: 'session' | 'limit') =>
  (m: string): boolean =>
    m === `event: end\ndata: {"reason":"${reason}"}`;
