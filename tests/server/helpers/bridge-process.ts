import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Real bridge processes for tests about process-level behaviour (locks, exits): `node --import tsx <entry>`. */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

export type BridgeProcess = {
  child: ChildProcess;
  port: number;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  health(): Promise<number>;
  waitHealthy(timeoutMs?: number): Promise<void>;
};

export function startBridgeProcess(options: {
  dataDir: string;
  port: number;
  entry?: string;
  env?: Record<string, string>;
}): BridgeProcess {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: options.dataDir,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    SEED_PRODUCTS: '0',
    LOG_LEVEL: 'warn',
    DATABASE_URL: undefined,
    SMTP_URL: undefined,
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry ?? 'server/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const health = async () => {
    try {
      return (await fetch(`http://127.0.0.1:${options.port}/api/health`)).status;
    } catch (error) {
      if (error instanceof TypeError) return 0;
      throw error;
    }
  };
  return {
    child,
    port: options.port,
    output: () => output,
    exited,
    health,
    async waitHealthy(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`bridge exited with ${child.exitCode} before it was healthy:\n${output}`);
        if ((await health()) === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`bridge not healthy after ${timeoutMs} ms:\n${output}`);
    },
  };
}

/** SIGTERM, then the exit code. */
export async function stopBridgeProcess(bridge: BridgeProcess): Promise<number | null> {
  if (bridge.child.exitCode === null && bridge.child.signalCode === null) bridge.child.kill('SIGTERM');
  return bridge.exited;
}
