/** The part of autocannon 9 (no bundled types) that bench/load.ts uses. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  type Context = Record<string, unknown>;
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each send with the client's context; returns the request to send. */
    setupRequest?: (request: Request, context: Context) => Request;
    onResponse?: (status: number, body: string, context: Context, headers: Record<string, string>) => void;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    connectionRate?: number;
    headers?: Record<string, string>;
    requests?: Request[];
    initialContext?: Context;
  };
  export type Result = {
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: { total: number; average: number };
    statusCodeStats: Record<string, { count: number }>;
  };
  /** `this` has the client; `ms` is the response time. */
  export type Instance = EventEmitter & Promise<Result> & { stop(): void };
  export default function autocannon(options: Options): Instance;
}
