import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../../server/db/data-dir-lock';
import { freePort, startBridgeProcess, stopBridgeProcess, type BridgeProcess } from './helpers/bridge-process';

/**
 * One data directory, one process: the embedded PGlite does not notice a second process on its files, and
 * two bridges on one DATA_DIR lost a product after a restart. These tests start real bridge processes.
 */
const dirs: string[] = [];
const bridges: BridgeProcess[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bridge-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(bridges.splice(0).map((b) => stopBridgeProcess(b)));
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has just exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  if (!child.pid) throw new Error('no pid');
  return child.pid;
}

const holderPid = (dataDir: string) => (JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as { pid: number }).pid;

describe('a second bridge on the same DATA_DIR', () => {
  it('exits non-zero naming the pid and the directory, while the first keeps serving', async () => {
    const dataDir = tempDir();
    const first = startBridgeProcess({ dataDir, port: await freePort() });
    bridges.push(first);
    await first.waitHealthy();
    expect(holderPid(dataDir)).toBe(first.child.pid);

    const second = startBridgeProcess({ dataDir, port: await freePort() });
    bridges.push(second);
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use`);
    expect(await second.health()).toBe(0);

    expect(await first.health()).toBe(200);
    expect(await stopBridgeProcess(first)).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 120_000);

  it('takes over a lock left by a process that is gone (kill -9)', async () => {
    const dataDir = tempDir();
    const gone = await deadPid();
    writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: gone, startedAt: null, host: 'vm', since: '2026-01-01T00:00:00Z' }));
    const bridge = startBridgeProcess({ dataDir, port: await freePort() });
    bridges.push(bridge);
    await bridge.waitHealthy();
    expect(holderPid(dataDir)).toBe(bridge.child.pid);
  }, 120_000);
});

describe('lockDataDir', () => {
  it('refuses while the holder lives, and is free again once it is released', () => {
    const dataDir = tempDir();
    const lock = lockDataDir(dataDir);
    // A live holder other than this process: the parent of this test process (start time not recorded).
    writeFileSync(lock.file, JSON.stringify({ pid: process.ppid, startedAt: null, host: 'vm', since: '2026-01-01T00:00:00Z' }));
    const error = (() => {
      try {
        lockDataDir(dataDir);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`pid ${process.ppid}`);
    // Releasing leaves a lock that is not ours alone.
    lock.release();
    expect(existsSync(lock.file)).toBe(true);
    rmSync(lock.file);
    lockDataDir(dataDir).release();
    expect(existsSync(lock.file)).toBe(false);
  });

  it('takes over a lock whose pid now belongs to another process (different start time), or that is unreadable', () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, LOCK_FILE);
    writeFileSync(file, JSON.stringify({ pid: process.ppid, startedAt: '1', host: 'vm', since: '' }));
    const recycled = lockDataDir(dataDir);
    expect(holderPid(dataDir)).toBe(process.pid);
    recycled.release();
    writeFileSync(file, '{"pid":');
    lockDataDir(dataDir).release();
    expect(existsSync(file)).toBe(false);
  });
});
