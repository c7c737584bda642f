/**
 * At most `concurrency` tasks at once and at most `maxQueued` waiting; any more is refused at once with
 * `WorkGateFull` instead of piling up CPU work (and latency) without bound.
 */
export class WorkGateFull extends Error {
  readonly code = 'WORK_GATE_FULL';
}

export type WorkGate = {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Running and waiting tasks, for logs. */
  load(): { running: number; queued: number };
};

export function createWorkGate(name: string, concurrency: number, maxQueued: number): WorkGate {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency) running += 1;
      else if (waiting.length < maxQueued) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new WorkGateFull(`${name}: ${running} running and ${waiting.length} waiting`);
      // A slot handed over by release() keeps `running` as it was.
      try {
        return await task();
      } finally {
        release();
      }
    },
    load: () => ({ running, queued: waiting.length }),
  };
}
