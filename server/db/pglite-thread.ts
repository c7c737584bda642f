import { Worker } from 'node:worker_threads';
import type { Db, Queryable } from './client';

/**
 * The embedded PGlite on its own thread (docs/decisions/012-pglite-worker.md). PGlite executes every
 * statement synchronously inside WebAssembly, so in-process a 20 ms search blocked every other request
 * for 20 ms, cache hits included. Here the HTTP thread only posts messages to `pglite-worker.mjs` and
 * awaits the answers; the protocol is described at the top of that file.
 */

type SerialisedError = { name: string; message: string; stack?: string; fields: Record<string, string | number> };
type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerialisedError };
type Request =
  | { op: 'query'; sql: string; params: readonly unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin'; tx: number }
  | { op: 'commit' | 'rollback'; tx: number }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'close' };

/**
 * A PostgreSQL error raised in the worker, with the fields node-postgres and PGlite put on theirs
 * (`code`, `detail`, `constraint`, `table`, …), so callers that inspect `error.code === '23505'` or
 * `error.constraint` behave as they do with the in-process PGlite.
 */
export class PgliteWorkerError extends Error {
  readonly code?: string;
  readonly severity?: string;
  readonly detail?: string;
  readonly hint?: string;
  readonly constraint?: string;
  readonly table?: string;
  readonly column?: string;
  readonly schema?: string;
  readonly routine?: string;
  readonly query?: string;

  constructor(serialised: SerialisedError, callSite: Error) {
    super(serialised.message);
    this.name = serialised.name;
    Object.assign(this, serialised.fields);
    // The worker's stack ends in PGlite's internals; where the query was issued is more use.
    this.stack = `${this.name}: ${this.message}\n${callSite.stack?.split('\n').slice(1).join('\n') ?? ''}`;
  }
}

export class PgliteWorkerStopped extends Error {
  readonly code = 'PGLITE_WORKER_STOPPED';
}

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

function isAnswer(message: unknown): message is Answer {
  return typeof message === 'object' && message !== null && typeof (message as { id?: unknown }).id === 'number';
}

function isNotification(message: unknown): message is { notify: string; payload: string } {
  return typeof message === 'object' && message !== null && typeof (message as { notify?: unknown }).notify === 'string';
}

async function started(worker: Worker): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number) => reject(new PgliteWorkerStopped(`PGlite worker exited with ${code} before it was ready`));
    worker.once('exit', onExit);
    worker.once('error', reject);
    worker.once('message', (message: { ready?: boolean; error?: SerialisedError }) => {
      worker.off('exit', onExit);
      worker.off('error', reject);
      if (message.ready) resolve();
      else reject(new PgliteWorkerError(message.error ?? { name: 'Error', message: 'PGlite did not start', fields: {} }, new Error()));
    });
  });
}

export type PgliteWorkerOptions = {
  /**
   * Called once if the worker thread stops without `close()` (a crash, an abort inside PGlite): every
   * later query would fail, so the bridge exits and its supervisor starts a fresh process.
   */
  onFatal?: (error: PgliteWorkerStopped) => void;
  /** In memory only: start from this dump of a database (`PGlite.dumpDataDir`, a tar file) instead of an empty one. */
  template?: string | undefined;
};

/**
 * The thread behind a worker-backed Db, for tests that need to stop it the way a crash would (nothing
 * outside this process can reach it).
 */
const workers = new WeakMap<Db, Worker>();
export function pgliteWorkerOf(db: Db): Worker | undefined {
  return workers.get(db);
}

/** `dataDir` undefined keeps the database in memory (tests). */
export async function openPgliteWorker(dataDir: string | undefined, options: PgliteWorkerOptions = {}): Promise<Db> {
  // No execArgv: the worker entry is plain JavaScript, and the parent's flags (tsx's loader, --cpu-prof)
  // are either unnecessary there or not allowed in a worker.
  const worker = new Worker(WORKER_URL, { workerData: { dataDir, template: options.template }, execArgv: [] });
  try {
    await started(worker);
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void; callSite: Error }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 0;
  let nextTransaction = 0;
  let stopped: Error | null = null;
  let closing = false;
  // Like a socket: the worker keeps the process alive only while an answer is awaited.
  worker.unref();

  const stop = (error: PgliteWorkerStopped) => {
    const first = stopped === null;
    stopped ??= error;
    for (const call of pending.values()) call.reject(stopped);
    pending.clear();
    if (first && !closing) options.onFatal?.(error);
  };
  worker.on('error', (error) => stop(new PgliteWorkerStopped(`PGlite worker failed: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => stop(new PgliteWorkerStopped(`PGlite worker exited with ${code}`)));
  worker.on('message', (message: unknown) => {
    if (isNotification(message)) {
      for (const callback of listeners.get(message.notify) ?? []) callback(message.payload);
      return;
    }
    if (!isAnswer(message)) return;
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    if (pending.size === 0) worker.unref();
    if (message.ok) call.resolve(message.value);
    else call.reject(new PgliteWorkerError(message.error, call.callSite));
  });

  const call = (request: Request): Promise<unknown> => {
    if (stopped) return Promise.reject(stopped);
    const id = (nextId += 1);
    const callSite = new Error();
    return new Promise((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject, callSite });
      worker.postMessage({ ...request, id });
    });
  };

  const queryable = (tx?: number): Queryable => ({
    query: async <T>(sql: string, params: readonly unknown[] = []) => (await call({ op: 'query', sql, params, tx })) as T[],
    exec: async (sql: string) => {
      await call({ op: 'exec', sql, tx });
    },
  });

  const db: Db = {
    kind: 'pglite',
    ...queryable(),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      // BEGIN is not awaited: the transaction's first statement follows it in the same queue, so a search
      // costs one round trip less through this (busy) thread. A failed BEGIN fails that statement too.
      const tx = (nextTransaction += 1);
      const begun = call({ op: 'begin', tx });
      let result: T;
      try {
        result = await fn(queryable(tx));
        await begun;
      } catch (error) {
        const beginError = await begun.then(
          () => null,
          (e: unknown) => e,
        );
        if (beginError) throw beginError;
        await call({ op: 'rollback', tx });
        throw error;
      }
      await call({ op: 'commit', tx });
      return result;
    },
    async listen(channel, callback) {
      const set = listeners.get(channel);
      if (set) set.add(callback);
      else {
        listeners.set(channel, new Set([callback]));
        try {
          await call({ op: 'listen', channel });
        } catch (error) {
          listeners.delete(channel);
          throw error;
        }
      }
      return async () => {
        const current = listeners.get(channel);
        if (!current?.delete(callback) || current.size > 0) return;
        listeners.delete(channel);
        await call({ op: 'unlisten', channel });
      };
    },
    async close() {
      if (stopped) return;
      closing = true;
      await call({ op: 'close' });
      stop(new PgliteWorkerStopped('PGlite is closed'));
      await worker.terminate();
    },
  };
  workers.set(db, worker);
  return db;
}
