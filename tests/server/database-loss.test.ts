import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/client';
import { LOCK_FILE } from '../../server/db/data-dir-lock';
import { pgliteWorkerOf, PgliteWorkerStopped } from '../../server/db/pglite-thread';
import { freePort, startBridgeProcess, stopBridgeProcess } from './helpers/bridge-process';

/**
 * If the thread that runs PGlite dies, every later query would fail: the bridge must exit non-zero (a
 * supervisor then starts a fresh one) rather than answer 500 forever.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the PGlite worker thread dies', () => {
  it('calls onFatal once and fails later queries; a normal close() does not', async () => {
    const fatal: Error[] = [];
    const db = await openPglite(undefined, { onFatal: (error) => fatal.push(error) });
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
    await pgliteWorkerOf(db)?.terminate();
    await expect(db.query('select 1')).rejects.toMatchObject({ code: 'PGLITE_WORKER_STOPPED' });
    expect(fatal).toHaveLength(1);
    expect(fatal[0]).toBeInstanceOf(PgliteWorkerStopped);

    const calm: Error[] = [];
    const other = await openPglite(undefined, { onFatal: (error) => calm.push(error) });
    await other.close();
    expect(calm).toEqual([]);
  });

  it('makes the real bridge process exit with status 1 and say why', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bridge-worker-'));
    dirs.push(dataDir);
    const bridge = startBridgeProcess({ dataDir, port: await freePort(), entry: 'tests/server/helpers/bridge-worker-dies.ts' });
    try {
      await bridge.waitHealthy();
      bridge.child.stdin?.write('die\n');
      const stillRunning = new Promise<string>((resolve) => setTimeout(() => resolve('still running after 30 s'), 30_000).unref());
      expect(await Promise.race([bridge.exited, stillRunning])).toBe(1);
      expect(bridge.output()).toContain('the database thread stopped');
      expect(await bridge.health()).toBe(0);
      // The lock went with it: a restarted bridge can start at once.
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    } finally {
      await stopBridgeProcess(bridge);
    }
  }, 120_000);
});
