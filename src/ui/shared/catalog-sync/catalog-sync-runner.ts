import type { CatalogReplication } from '../../../replication/catalog-replication';

/** Starts and stops the catalogue replication for the signed-in session, one at a time. */
export interface CatalogSyncRunner {
  start(): void;
  stop(): void;
  /** Resolves when every start/stop asked for so far has taken effect (tests). */
  settled(): Promise<void>;
}

export interface CatalogSyncRunnerDeps {
  open(): Promise<CatalogReplication>;
  onError(error: unknown): void;
  /** How long a stop waits for a start that cancels it; default a macrotask (StrictMode's unmount/mount). */
  defer?: (callback: () => void) => () => void;
}

function nextTask(callback: () => void): () => void {
  const handle = setTimeout(callback, 0);
  return () => clearTimeout(handle);
}

/**
 * Serialises starts and stops: a replication with the same identifiers must be cancelled before another
 * starts, and React StrictMode mounts, unmounts and mounts again, so a stop waits one task for a start that
 * makes it unnecessary.
 */
export function createCatalogSyncRunner(deps: CatalogSyncRunnerDeps): CatalogSyncRunner {
  const defer = deps.defer ?? nextTask;
  let chain: Promise<void> = Promise.resolve();
  let running: CatalogReplication | null = null;
  let wanted = false;
  let cancelPendingStop: (() => void) | null = null;

  const enqueue = (step: () => Promise<void>): void => {
    chain = chain.then(step).catch((error: unknown) => deps.onError(error));
  };
  const apply = (): void =>
    enqueue(async () => {
      if (wanted && !running) running = await deps.open();
      else if (!wanted && running) {
        const current = running;
        running = null;
        await current.stop();
      }
    });

  return {
    start() {
      cancelPendingStop?.();
      cancelPendingStop = null;
      wanted = true;
      apply();
    },
    stop() {
      cancelPendingStop?.();
      cancelPendingStop = defer(() => {
        cancelPendingStop = null;
        wanted = false;
        apply();
      });
    },
    settled: () => chain,
  };
}
