/**
 * Lighthouse on the signed-in storefront: `npx tsx bench/lighthouse.ts` (also part of `npm run bench`), after
 * `npm run build`. Target (issue 15): on home, a category listing and a product page, mobile form factor with
 * Lighthouse's default simulated slow 4G (150 ms RTT, 1.6 Mbps down, 4× CPU slowdown): performance ≥ 95,
 * accessibility 100, best practices ≥ 95. Exits 1 when a target is missed.
 *
 * 1. Starts the bridge (`server/main.ts`, serving `dist/`) on LIGHTHOUSE_PORT (default 8180) with a fresh
 *    PGlite data directory under /tmp and the demo seed (SEED_PRODUCTS, default 3000 as `npm start`).
 * 2. Launches the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium) through Puppeteer, signs the demo
 *    buyer user@demo.gr in through the login form and waits until the first catalogue sync is done.
 * 3. Runs Lighthouse in navigation mode on that same Puppeteer page, BENCH_LIGHTHOUSE_RUNS times (default 3)
 *    per page, pages taking turns. The signed-in state reaches Lighthouse through the browser profile the page
 *    lives in: Lighthouse's storage reset clears only the service worker, Cache Storage, file systems and the
 *    HTTP cache of the origin, not IndexedDB, localStorage or cookies; so every run is a cold load of the
 *    code (network, no service worker) by a signed-in buyer whose catalogue is already on the device, which
 *    is the daily start of this offline-first storefront.
 *
 * Per page the median run (by performance score) is reported and checked. Reported only: the same audit of /login in a
 * browser context that never signed in (no local database or catalogue), about the floor the code alone sets. Writes bench/results/lighthouse.json
 * and the median run's full report per page (bench/results/lighthouse-<page>.lhr.json, open it in the
 * Lighthouse viewer).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import type { Flags, Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { BenchRecord, runBench } from './support/results';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 8180);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PRODUCTS = Number(process.env.SEED_PRODUCTS ?? 3000);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const DATA_DIR = path.join('/tmp', `lighthouse-bench-${PORT}`);
const BUYER = { email: 'user@demo.gr', password: 'Demo1234!' };
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 } as const;
const CATEGORIES = Object.keys(TARGETS) as (keyof typeof TARGETS)[];
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

type PageName = 'home' | 'category' | 'product';
type Run = {
  scores: Record<keyof typeof TARGETS, number>;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  /** Audits below full score in the accessibility and best-practices categories, and the performance opportunities. */
  findings: string[];
  loadAverage: number[];
};

type PageReport = {
  url: string;
  met: boolean;
  median: Run;
  spread: Record<'performance' | 'tbtMs' | 'lcpMs', { min: number; max: number }>;
  runs: Omit<Run, 'findings'>[];
};

const round = (n: number, digits = 0): number => Math.round(n * 10 ** digits) / 10 ** digits;

async function waitForHealth(bridge: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (bridge.exitCode !== null) throw new Error(`the bridge exited with ${bridge.exitCode}`);
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the bridge did not answer /api/health within 180 s');
}

function startBridge(): ChildProcess {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR,
    PUBLIC_URL: ORIGIN,
    SEED_PRODUCTS: String(PRODUCTS),
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  return spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Signs the demo buyer in through the login form and waits for the first catalogue sync to finish. */
async function signIn(page: Page): Promise<void> {
  await page.goto(`${ORIGIN}/login`, { waitUntil: 'load' });
  await page.locator('input[autocomplete="username"]').fill(BUYER.email);
  await page.locator('input[autocomplete="current-password"]').fill(BUYER.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForFunction(() => location.pathname === '/' && document.querySelector('h1') !== null, { timeout: 60_000 });
  // src/ui/shared/catalog-sync/browser-catalog-sync.ts keeps the per-collection status in localStorage.
  await page.waitForFunction(
    () => {
      const status = JSON.parse(localStorage.getItem('b2b.catalog-sync.v2') ?? '{}') as Record<string, { ready?: boolean }>;
      return ['products', 'categories', 'suppliers', 'catalog_meta'].every((c) => status[c]?.ready === true);
    },
    { timeout: 120_000, polling: 500 },
  );
}

/** The first category tile and the first product card on home: pages a buyer reaches in one click. */
async function pickPages(page: Page): Promise<Record<PageName, string>> {
  await page.goto(`${ORIGIN}/`, { waitUntil: 'load' });
  await page.waitForSelector('main a[href^="/p/"]', { timeout: 60_000 });
  const links = await page.evaluate(() => ({
    category: document.querySelector<HTMLAnchorElement>('main a[href^="/c/"]')?.getAttribute('href') ?? null,
    product: document.querySelector<HTMLAnchorElement>('main a[href^="/p/"]')?.getAttribute('href') ?? null,
  }));
  if (!links.category || !links.product) throw new Error(`home shows no category or product link: ${JSON.stringify(links)}`);
  return { home: `${ORIGIN}/`, category: `${ORIGIN}${links.category}`, product: `${ORIGIN}${links.product}` };
}

function findingsOf(lhr: Result): string[] {
  const findings: string[] = [];
  for (const id of ['accessibility', 'best-practices'] as const) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) findings.push(`${id}: ${ref.id} (${audit.title})`);
    }
  }
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (audit && ref.weight === 0 && audit.score !== null && audit.score < 0.9 && audit.displayValue) {
      findings.push(`performance: ${ref.id} ${audit.displayValue}`);
    }
  }
  return findings;
}

async function audit(page: Page, url: string): Promise<{ run: Run; lhr: Result }> {
  const flags: Flags = {
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...CATEGORIES],
    // The default config is the mobile one: Moto G Power screen, simulated slow 4G, 4× CPU slowdown.
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
  };
  let lhr: Result | undefined;
  // On a busy machine Lighthouse sometimes loses the trace (NO_NAVSTART, NO_FCP): such a run is repeated, up to 3 times.
  for (let attempt = 1; attempt <= 3 && !lhr; attempt++) {
    const result = await lighthouse(url, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) lhr = result.lhr;
    else console.warn(`Lighthouse attempt ${attempt} on ${url}: ${result.lhr.runtimeError.code}`);
  }
  if (!lhr) throw new Error(`Lighthouse failed 3 times on ${url}`);
  const score = (id: keyof typeof TARGETS) => round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    lhr,
    run: {
      scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices') },
      metrics: {
        fcpMs: round(value('first-contentful-paint')),
        lcpMs: round(value('largest-contentful-paint')),
        tbtMs: round(value('total-blocking-time')),
        cls: round(value('cumulative-layout-shift'), 3),
        speedIndexMs: round(value('speed-index')),
      },
      findings: findingsOf(lhr),
      loadAverage: loadavg().map((n) => round(n, 2)),
    },
  };
}

/** The median run (by performance score) of the sign-in page in a fresh browser context: never signed in. */
async function auditFloor(browser: Browser): Promise<Run> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push((await audit(page, `${ORIGIN}/login`)).run);
    const score = median(runs.map((r) => r.scores.performance));
    return runs.find((r) => r.scores.performance === score) ?? runs[0]!;
  } finally {
    await context.close();
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

async function main(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) throw new Error('no build: run `npm run build` first');
  const bridge = startBridge();
  const browser = await (async () => {
    await waitForHealth(bridge);
    return puppeteer.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Puppeteer's own `headless: true` adds --headless=new as well; stated here so the flags are all in one place.
      headless: false,
      args: CHROME_FLAGS,
      defaultViewport: null,
    });
  })();
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.error('page error:', error instanceof Error ? (error.stack ?? error.message) : error));
    await signIn(page);
    const urls = await pickPages(page);
    console.log(
      `pages: ${JSON.stringify(urls)}; ${RUNS} runs each; load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    const runs: Record<PageName, { run: Run; lhr: Result }[]> = { home: [], category: [], product: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const name of Object.keys(urls) as PageName[]) {
        const outcome = await audit(page, urls[name]);
        runs[name].push(outcome);
        const { scores, metrics, loadAverage } = outcome.run;
        console.log(
          `${name.padEnd(8)} run ${i + 1}: perf ${scores.performance} a11y ${scores.accessibility} bp ${scores['best-practices']}` +
            ` FCP ${metrics.fcpMs} LCP ${metrics.lcpMs} TBT ${metrics.tbtMs} CLS ${metrics.cls} (load ${loadAverage.join(' ')})`,
        );
      }
    }
    mkdirSync(path.join(HERE, 'results'), { recursive: true });
    const pages = {} as Record<PageName, PageReport>;
    for (const name of Object.keys(runs) as PageName[]) {
      const all = runs[name];
      const medianScore = median(all.map((r) => r.run.scores.performance));
      const chosen = all.find((r) => r.run.scores.performance === medianScore) ?? all[0]!;
      writeFileSync(path.join(HERE, 'results', `lighthouse-${name}.lhr.json`), JSON.stringify(chosen.lhr));
      const spread = (pick: (r: Run) => number) => ({
        min: Math.min(...all.map((r) => pick(r.run))),
        max: Math.max(...all.map((r) => pick(r.run))),
      });
      pages[name] = {
        url: urls[name].slice(ORIGIN.length),
        met: CATEGORIES.every((id) => chosen.run.scores[id] >= TARGETS[id]),
        median: chosen.run,
        spread: {
          performance: spread((r) => r.scores.performance),
          tbtMs: spread((r) => r.metrics.tbtMs),
          lcpMs: spread((r) => r.metrics.lcpMs),
        },
        runs: all.map((r) => ({ scores: r.run.scores, metrics: r.run.metrics, loadAverage: r.run.loadAverage })),
      };
    }
    const summary = {
      target:
        'mobile, simulated slow 4G: performance ≥ 95, accessibility 100, best practices ≥ 95 on home, category, product (median of runs)',
      met: Object.values(pages).every((p) => p.met),
      runsPerPage: RUNS,
      seedProducts: PRODUCTS,
      ...Object.fromEntries(Object.entries(pages).map(([name, p]) => [name, { ...p.median.scores, ...p.median.metrics }])),
    };
    console.table(Object.fromEntries(Object.entries(pages).map(([name, p]) => [name, { ...p.median.scores, ...p.median.metrics }])));
    for (const [name, p] of Object.entries(pages)) for (const f of p.median.findings) console.log(`${name}: ${f}`);
    // Checks are "at most": the points a category is below 100 (performance ≥ 95 is at most 5 points below).
    const record = new BenchRecord('lighthouse');
    for (const [name, p] of Object.entries(pages)) {
      for (const id of CATEGORIES) {
        const points = 100 - p.median.scores[id];
        record.check({
          name: `${name}: ${id} points below 100 (median run)`,
          phase: 'cold',
          value: points,
          target: 100 - TARGETS[id],
          unit: 'points',
          samples: p.runs.length,
        });
      }
    }
    // About the floor the code alone sets: the sign-in page (its own route chunk and form besides the entry and the
    // shell) in a browser that never signed in: no local database, no catalogue, nothing read or rendered from data.
    // Reported, not checked; a failure to audit it is reported too and does not lose the checked results.
    const floor = await auditFloor(browser).then(
      (run) => {
        console.log(
          `floor (/login, never signed in): perf ${run.scores.performance} FCP ${run.metrics.fcpMs} LCP ${run.metrics.lcpMs} TBT ${run.metrics.tbtMs}`,
        );
        return { url: '/login', signedIn: false, ...run.scores, ...run.metrics };
      },
      (error: unknown) => {
        console.warn('floor (/login, never signed in): not measured', error);
        return { url: '/login', signedIn: false, error: error instanceof Error ? error.message : String(error) };
      },
    );
    Object.assign(record.figures, { summary, pages, floor });
    record.finish();
  } finally {
    await browser.close();
    bridge.kill('SIGTERM');
  }
}

runBench('lighthouse', main);
