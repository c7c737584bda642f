import { describe, expect, it } from 'vitest';
import { createWorkGate, WorkGateFull } from './work-gate';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createWorkGate', () => {
  it('runs at most `concurrency` tasks, queues up to `maxQueued`, refuses the rest at once', async () => {
    const gate = createWorkGate('hash', 2, 1);
    const blockers = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = blockers.map((b, i) =>
      gate.run(async () => {
        started.push(i);
        await b.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.load()).toEqual({ running: 2, queued: 1 });
    await expect(gate.run(async () => 'late')).rejects.toThrow(new WorkGateFull('hash: 2 running and 1 waiting'));

    blockers[0]!.resolve();
    await expect(runs[0]).resolves.toBe(0);
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    expect(gate.load()).toEqual({ running: 2, queued: 0 });

    blockers[1]!.resolve();
    blockers[2]!.resolve();
    await expect(Promise.all(runs)).resolves.toEqual([0, 1, 2]);
    expect(gate.load()).toEqual({ running: 0, queued: 0 });
  });

  it('frees the slot of a task that failed', async () => {
    const gate = createWorkGate('hash', 1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.load()).toEqual({ running: 0, queued: 0 });
    await expect(gate.run(async () => 'next')).resolves.toBe('next');
  });

  it('refuses with a coded error', async () => {
    const gate = createWorkGate('g', 0, 0);
    const error = await gate.run(async () => 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkGateFull);
    expect((error as WorkGateFull).code).toBe('WORK_GATE_FULL');
  });
});
