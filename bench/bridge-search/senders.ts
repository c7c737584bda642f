/**
 * The load generator's HTTP clients (bench/bridge-search.ts) and the machine's CPU counter. 'node-http'
 * (default): node:http with a keep-alive agent, one socket per client. 'fetch': the global fetch (undici's
 * WHATWG layer); it costs the generator ~1.2–1.5 ms of CPU per request on the 2 cores it shares with the
 * bridge, more than the bridge itself spends. Both send the same requests with the same headers
 * (accept-encoding gzip, so the bridge compresses as it does for a browser); node-http does not inflate the
 * answers it receives, fetch does.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { BenchQuery } from './mix';

/** Sends one benchmark request and resolves to the HTTP status once the whole answer has arrived. */
export type Sender = { send(query: BenchQuery): Promise<number>; close(): void };

export function fetchSender(port: number, token: string): Sender {
  return {
    async send(query) {
      const res = await fetch(`http://127.0.0.1:${port}${query.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(query.body),
      });
      await res.arrayBuffer();
      return res.status;
    },
    close() {},
  };
}

export function nodeHttpSender(port: number, token: string, clients: number): Sender {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const bodies = new Map<BenchQuery, Buffer>();
  return {
    send(query) {
      let body = bodies.get(query);
      if (!body) bodies.set(query, (body = Buffer.from(JSON.stringify(query.body))));
      const headers = {
        'content-type': 'application/json',
        'content-length': body.length,
        authorization: `Bearer ${token}`,
        // What fetch sends: the bridge compresses answers of 1 kB and more for this client too.
        accept: '*/*',
        'accept-encoding': 'gzip, deflate',
      };
      return new Promise((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: query.path, agent, headers }, (res) => {
          res.on('error', reject);
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.resume();
        });
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

/** Busy and total CPU time of the whole machine so far, in ms (Linux /proc/stat; null elsewhere). */
export function machineCpu(): { busyMs: number; totalMs: number } | null {
  let line: string | undefined;
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  } catch {
    return null;
  }
  const ticks = (line ?? '').trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  // USER_HZ is 100 on Linux: one tick is 10 ms.
  return { busyMs: (total - idle) * 10, totalMs: total * 10 };
}
