import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from './e2e-env';

/**
 * A bridge of its own for one spec, serving the same built storefront with settings the shared e2e bridge
 * must not have (a short access-token life). Its own origin (port), so the browser keeps its storage
 * apart from the shared bridge's.
 */
export interface SecondBridge {
  baseUrl: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the second bridge exited (${child.exitCode}): ${stderr()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch (error) {
      // Not listening yet: migrations and the seed run first.
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the second bridge did not become healthy (${last}): ${stderr()}`);
}

export async function startSecondBridge(env: Record<string, string>): Promise<SecondBridge> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(REPO_ROOT, 'data-e2e-second-'));
  const { DATABASE_URL: _db, SMTP_URL: _smtp, ...inherited } = process.env;
  const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      SEED_PRODUCTS: '40',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString('utf8')).slice(-4000);
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => errors);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
