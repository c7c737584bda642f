/**
 * The real bridge (server/main.ts serving dist/) in a child process over a seeded PGlite data directory (or the
 * PostgreSQL database a caller names as DATABASE_URL in `extraEnv`), for the browser benchmarks (first-sync, live-update). The port is BENCH_PORT when set, else a free one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** tsx keeps function names with a __name helper that page.evaluate would carry into the page. */
export const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((fn) => fn);';
/** Demo accounts of the seed (server/seed). */
export const DEMO_USER = { email: 'user@demo.gr', password: 'Demo1234!' };
export const DEMO_ADMIN = { email: 'admin@demo.gr', password: 'Demo1234!' };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, bridge: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (bridge.exitCode !== null) throw new Error(`the bridge exited with ${bridge.exitCode}`);
    const healthy = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the bridge did not answer ${base}/api/health within ${timeoutMs} ms`);
}

export async function ensureBuilt(): Promise<void> {
  if (existsSync(path.join(ROOT, 'dist', 'index.html'))) return;
  console.log('dist/ is missing: npm run build');
  const build = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  await new Promise<void>((resolve, reject) =>
    build.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build exited with ${code}`)))),
  );
}

export interface RunningBridge {
  base: string;
  bridge: ChildProcess;
  /** Seconds the start took (seeding included when the directory was empty). */
  startSeconds: number;
  stop(): Promise<void>;
}

/**
 * Starts the bridge over `products` seeded products in `dataDir` (kept across runs: the first start seeds,
 * about 15 s for 20,000 products on this machine and minutes for 100,000; later starts reuse it), or in the
 * PostgreSQL database of `extraEnv.DATABASE_URL` (seeded when empty).
 */
export async function startBridge(products: number, dataDir: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningBridge> {
  await ensureBuilt();
  mkdirSync(dataDir, { recursive: true });
  // A pid file left by a killed run would make PGlite wait forever; only the benchmarks use the directory.
  rmSync(path.join(dataDir, 'pglite', 'postmaster.pid'), { force: true });
  const port = Number(process.env.BENCH_PORT ?? 0) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SEED_PRODUCTS: String(products),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  // PGlite in dataDir unless the caller names a PostgreSQL database.
  if (extraEnv.DATABASE_URL === undefined) delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const started = Date.now();
  const bridge = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForHealth(base, bridge, 1_800_000);
  const stop = async () => {
    if (bridge.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => bridge.once('exit', () => resolve()));
    bridge.kill('SIGTERM');
    await exited;
  };
  return { base, bridge, startSeconds: Math.round((Date.now() - started) / 1000), stop };
}

/** POST /api/client/user/login → an access token. */
export async function apiLogin(base: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${base}/api/client/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`login of ${account.email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { result: string }).result;
}

/** Every live document of one catalogue feed, all pages. */
export async function pullAll<T>(base: string, token: string, collection: string): Promise<T[]> {
  const documents: T[] = [];
  let after = 0;
  for (;;) {
    const response = await fetch(`${base}/api/sync/v1/${collection}?after=${after}&limit=1000`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`GET ${collection} after ${after}: ${response.status}`);
    const body = (await response.json()) as {
      result: { documents: (T & { _deleted: boolean })[]; checkpoint: { seq: number } };
      meta?: { remaining?: number };
    };
    documents.push(...body.result.documents.filter((d) => !d._deleted));
    after = body.result.checkpoint.seq;
    if (body.result.documents.length < 1000 || body.meta?.remaining === 0) return documents;
  }
}
