/**
 * Memory benchmark: `npx tsx bench/memory.ts` (also part of `npm run bench`).
 *
 * For each catalogue size in BENCH_PRODUCTS (default "20000"; "20000,100000" measures both), starts the
 * bridge over that many seeded products (PGlite in BENCH_DATA_DIR/<size>, default /tmp/memory-bench, kept
 * across runs: the first start seeds) and, in headless Chromium:
 * 1. one tab signs in as user@demo.gr, waits until the catalogue is ready (the app's persisted sync status),
 *    opens the first category of home's navigation and waits for its first product card; then garbage is
 *    collected (CDP HeapProfiler.collectGarbage, twice) and the tab's JS heap is read (Runtime.getHeapUsage,
 *    usedSize): "one tab";
 * 2. two more tabs of the same browser context (same session, same IndexedDB) open the same listing; after a
 *    collection in each, the three heaps are read and summed: "three tabs". If Chromium put two tabs in one
 *    renderer process, each of them reports the shared isolate's heap and the sum counts it twice: the figure
 *    can only be too high, never too low.
 * Targets: one tab ≤ 60 MB at 20,000 products; at 100,000, one tab ≤ 150 MB and three tabs ≤ 300 MB.
 * Writes bench/results/memory.json and exits 1 when a target is missed or a measurement is missing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { SYNC_COLLECTIONS } from '../src/contracts/sync';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(HERE, '..');
const SIZES = (process.env.BENCH_PRODUCTS ?? '20000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const DATA_ROOT = process.env.BENCH_DATA_DIR ?? '/tmp/memory-bench';
const USER = { email: 'user@demo.gr', password: 'Demo1234!' };
/** src/ui/shared/catalog-sync/browser-catalog-sync.ts CATALOG_SYNC_STORAGE_KEY. */
const STATUS_KEY = 'b2b.catalog-sync.v2';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
const MB = 1024 * 1024;

/** The targets, in MB of JS heap after a collection. */
function targetsFor(products: number): { oneTab: number; threeTabs?: number } {
  return products >= 100_000 ? { oneTab: 150, threeTabs: 300 } : { oneTab: 60 };
}

interface SizeResult {
  products: number;
  listing: string;
  oneTabMb: number;
  threeTabsMb: number[];
  threeTabsTotalMb: number;
  targets: { oneTab: number; threeTabs?: number };
  met: boolean;
  loadAverage: number[];
}

function freePort(): Promise<number> {
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

async function startBridge(products: number): Promise<{ base: string; bridge: ChildProcess }> {
  if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) throw new Error('dist/ is missing: run npm run build first');
  const dataDir = path.join(DATA_ROOT, String(products));
  mkdirSync(dataDir, { recursive: true });
  // A pid file left by a killed run would make PGlite wait forever; only this script uses the directory.
  rmSync(path.join(dataDir, 'pglite', 'postmaster.pid'), { force: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, SEED_PRODUCTS: String(products), PORT: String(port), HOST: '127.0.0.1' };
  Object.assign(env, { DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn' });
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const bridge = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 900_000;
  while (Date.now() < deadline) {
    if (bridge.exitCode !== null) throw new Error(`the bridge exited with ${bridge.exitCode}`);
    const healthy = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { base, bridge };
    await new Promise((r) => setTimeout(r, 500));
  }
  bridge.kill();
  throw new Error(`the bridge did not answer ${base}/api/health in time`);
}

/** The tab's JS heap after two full collections, in MB. */
async function heapAfterGc(context: BrowserContext, page: Page): Promise<number> {
  const cdp = await context.newCDPSession(page);
  try {
    for (let i = 0; i < 2; i += 1) {
      await cdp.send('HeapProfiler.collectGarbage');
      await page.waitForTimeout(500);
    }
    const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    if (!(usage.usedSize > 0)) throw new Error('Runtime.getHeapUsage returned no heap size');
    return usage.usedSize / MB;
  } finally {
    await cdp.detach();
  }
}

async function openListing(page: Page, listing: string): Promise<void> {
  await page.goto(listing);
  await page.getByTestId('product-card').first().waitFor({ state: 'visible', timeout: 120_000 });
  // Let the idle-time work of a start (snapshot indexes, search index, money formatters) settle.
  await page.waitForTimeout(3_000);
}

async function measure(products: number): Promise<SizeResult> {
  const { base, bridge } = await startBridge(products);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: base, locale: 'en-US', viewport: { width: 1280, height: 900 } });
    const first = await context.newPage();
    await first.goto('/login');
    await first.getByLabel('Email', { exact: true }).fill(USER.email);
    await first.getByLabel('Password', { exact: true }).fill(USER.password);
    await first.getByRole('button', { name: 'Log in', exact: true }).click();
    await first.waitForFunction(
      ({ key, collections }) => {
        const status = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, { ready?: boolean }>;
        return collections.every((c) => status[c]?.ready === true);
      },
      { key: STATUS_KEY, collections: [...SYNC_COLLECTIONS] },
      { polling: 250, timeout: 900_000 },
    );
    await first.goto('/');
    const href = await first.locator('a[href^="/c/"]').first().getAttribute('href', { timeout: 60_000 });
    if (!href) throw new Error('home shows no category link');
    await openListing(first, href);
    const oneTabMb = await heapAfterGc(context, first);
    const others = [await context.newPage(), await context.newPage()];
    for (const page of others) await openListing(page, href);
    const threeTabsMb: number[] = [];
    for (const page of [first, ...others]) threeTabsMb.push(await heapAfterGc(context, page));
    const targets = targetsFor(products);
    const threeTabsTotalMb = threeTabsMb.reduce((a, b) => a + b, 0);
    const met = oneTabMb <= targets.oneTab && (targets.threeTabs === undefined || threeTabsTotalMb <= targets.threeTabs);
    await context.close();
    return { products, listing: href, oneTabMb, threeTabsMb, threeTabsTotalMb, targets, met, loadAverage: loadavg() };
  } finally {
    await browser.close();
    bridge.kill();
  }
}

async function main(): Promise<void> {
  if (SIZES.length === 0) throw new Error('BENCH_PRODUCTS names no catalogue size');
  const resultFile = path.join(HERE, 'results', 'memory.json');
  // Never leave an earlier run's figures to be read as this run's.
  rmSync(resultFile, { force: true });
  const results: SizeResult[] = [];
  for (const products of SIZES) {
    const result = await measure(products);
    const round = (mb: number): string => mb.toFixed(1);
    console.log(
      `${products} products, ${result.listing}: one tab ${round(result.oneTabMb)} MB (≤ ${result.targets.oneTab}); ` +
        `three tabs ${result.threeTabsMb.map(round).join(' + ')} = ${round(result.threeTabsTotalMb)} MB` +
        (result.targets.threeTabs ? ` (≤ ${result.targets.threeTabs})` : '') +
        `; load average ${result.loadAverage.map((l) => l.toFixed(1)).join(' ')}`,
    );
    if (!result.met) console.log(`MISSED: memory at ${products} products`);
    results.push(result);
  }
  const met = results.every((r) => r.met);
  mkdirSync(path.dirname(resultFile), { recursive: true });
  const summary = {
    target: 'JS heap after GC with a listing open: 1 tab ≤ 60 MB at 20k; at 100k 1 tab ≤ 150 MB, 3 tabs ≤ 300 MB',
    met,
    ...Object.fromEntries(
      results.map((r) => [`${r.products}`, { oneTabMb: Math.round(r.oneTabMb), threeTabsMb: Math.round(r.threeTabsTotalMb) }]),
    ),
  };
  writeFileSync(resultFile, JSON.stringify({ summary, results, measuredAt: new Date().toISOString() }, null, 2));
  if (!met) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
