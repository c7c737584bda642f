/**
 * Diagnostic for the first-sync benchmark: `node --import tsx bench/first-sync/cpu-profile.ts`.
 * Signs in once against the 20,000-product bridge of bench/first-sync.ts (same data directory; run the
 * benchmark once first so it is seeded) and samples the page's main thread (CDP Profiler) from the click
 * to "every collection ready". Prints the hottest functions (self time) and scripts. Not part of `npm run bench`.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PORT = Number(process.env.BENCH_PORT ?? 8651);
const BASE = `http://127.0.0.1:${PORT}`;

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

function top(profile: CpuProfile, keyOf: (frame: CpuProfile['nodes'][number]['callFrame']) => string, count: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const key = keyOf(node.callFrame);
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => `${String(Math.round(ms)).padStart(6)} ms  ${key}`)
    .join('\n');
}

async function main(): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SEED_PRODUCTS: '20000',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: '/tmp/first-sync-bench/products-20000',
    LOG_LEVEL: 'warn',
  };
  const bridge = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    while (
      !(await fetch(`${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await new Promise((r) => setTimeout(r, 250));
    const context = await browser.newContext({ baseURL: BASE, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/login');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await page.getByLabel('Email', { exact: true }).fill('user@demo.gr');
    await page.getByLabel('Password', { exact: true }).fill('Demo1234!');
    await cdp.send('Profiler.start');
    const started = Date.now();
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForFunction(
      () => {
        const status = JSON.parse(localStorage.getItem('b2b.catalog-sync.v2') ?? '{}') as Record<string, { ready?: boolean }>;
        return ['products', 'categories', 'suppliers', 'catalog_meta'].every((c) => status[c]?.ready === true);
      },
      undefined,
      { polling: 50, timeout: 300_000 },
    );
    console.log(`every collection ready ${Date.now() - started} ms after the click`);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const file = (url: string): string => url.split('/').pop() ?? url;
    console.log('hottest functions (self time):');
    console.log(top(profile, (f) => `${f.functionName || '(anonymous)'} ${file(f.url)}:${f.lineNumber + 1}:${f.columnNumber + 1}`, 20));
    console.log('by script:');
    console.log(top(profile, (f) => file(f.url) || f.functionName, 8));
  } finally {
    await browser.close();
    bridge.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
