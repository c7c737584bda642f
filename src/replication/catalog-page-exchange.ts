import type { SyncCollection } from '../contracts/sync';
import {
  catalogPullMetaSchema,
  catalogPullResultSchema,
  type CatalogPageJob,
  type CatalogPageOutcome,
  type CatalogPageReply,
} from './catalog-page-job';
import { exchange, type FetchLike, type HttpCall } from './http-call';

/** How long a worker without a pull waits for the next one before it ends. */
export const WORKER_IDLE_MS = 30_000;

interface Waiting {
  job: CatalogPageJob;
  fetchImpl: FetchLike;
  resolve(outcome: CatalogPageOutcome): void;
  reject(error: unknown): void;
}

/** Makes the pull on this thread, with the bridge client's fetch: where there is no worker, or it could not start. */
function exchangeHere(job: CatalogPageJob, fetchImpl: FetchLike): Promise<CatalogPageOutcome> {
  return exchange(fetchImpl, job.baseUrl, job.call, catalogPullResultSchema(job.collection), catalogPullMetaSchema);
}

/**
 * The catalogue's pulls off the main thread (docs/decisions/037-catalogue-pulls-in-a-worker.md): one module
 * worker per tab, started with the first pull, makes each request and reads, parses and checks its answer; the
 * main thread receives the checked page. Where workers are missing (unit tests) or the worker fails to load, the
 * pulls run here as before, the failed ones included.
 */
export function createCatalogPageExchange(startWorker: () => Worker | null, options: { idleMs?: number } = {}) {
  const idleMs = options.idleMs ?? WORKER_IDLE_MS;
  let worker: Worker | null | undefined;
  let nextId = 0;
  const waiting = new Map<number, Waiting>();
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  /** A worker with nothing to do is ended after a while: its memory is the phone's; the next pull starts one. */
  const endWhenIdle = (): void => {
    clearTimeout(idleTimer);
    if (waiting.size > 0) return;
    idleTimer = setTimeout(() => {
      if (waiting.size > 0 || !worker) return;
      worker.terminate();
      worker = undefined;
    }, idleMs);
  };

  const giveUp = (failed: Worker): void => {
    failed.terminate();
    if (worker === failed) worker = null;
    for (const [id, entry] of waiting) {
      waiting.delete(id);
      exchangeHere(entry.job, entry.fetchImpl).then(entry.resolve, entry.reject);
    }
  };

  const ensureWorker = (): Worker | null => {
    if (worker !== undefined) return worker;
    try {
      worker = startWorker();
    } catch {
      worker = null;
    }
    const started = worker;
    if (started) {
      started.onmessage = (event: MessageEvent<CatalogPageReply>) => {
        const reply = event.data;
        const entry = waiting.get(reply.id);
        if (!entry) return;
        waiting.delete(reply.id);
        if ('outcome' in reply) entry.resolve(reply.outcome);
        else entry.reject(new Error(`catalogue page worker: ${reply.failure}`));
        endWhenIdle();
      };
      // A worker whose script could not load (or that died) is not tried again in this tab.
      started.onerror = (event) => {
        event.preventDefault();
        giveUp(started);
      };
    }
    return started;
  };

  return {
    /** The `exchange` of a bridge request pulling `collection`'s feed. */
    forCollection<C extends SyncCollection>(collection: C) {
      return (call: HttpCall, fetchImpl: FetchLike, baseUrl: string): Promise<CatalogPageOutcome<C>> => {
        const job: CatalogPageJob = { id: nextId++, collection, baseUrl, call };
        const target = ensureWorker();
        if (!target) return exchangeHere(job, fetchImpl) as Promise<CatalogPageOutcome<C>>;
        clearTimeout(idleTimer);
        return new Promise<CatalogPageOutcome>((resolve, reject) => {
          waiting.set(job.id, { job, fetchImpl, resolve, reject });
          target.postMessage(job);
        }) as Promise<CatalogPageOutcome<C>>;
      };
    },
    /** Starts the worker ahead of the first pull (its script and zod load meanwhile, on its own thread). */
    warm(): void {
      if (ensureWorker()) endWhenIdle();
    },
    /** Ends the worker (tests); the next pull starts a new one. */
    close(): void {
      clearTimeout(idleTimer);
      worker?.terminate();
      worker = undefined;
    },
  };
}

export type CatalogPageExchange = ReturnType<typeof createCatalogPageExchange>;

/** This tab's catalogue page exchange. */
export const catalogPageExchange = createCatalogPageExchange(() =>
  typeof Worker === 'undefined'
    ? null
    : new Worker(new URL('./catalog-page-worker.ts', import.meta.url), { type: 'module', name: 'catalog-pages' }),
);
