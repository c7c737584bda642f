/**
 * Memory benchmark: `npx tsx bench/memory.ts` (also part of `npm run bench`).
 *
 * For each catalogue size in BENCH_PRODUCTS (default "20000"; "20000,100000" measures both), starts the
 * bridge over that many seeded products (PGlite in BENCH_DATA_DIR/products-<size>, default /tmp/first-sync-bench,
 * shared with first-sync and kept across runs: the first start seeds) and, in headless Chromium:
 * 1. one tab signs in as user@demo.gr, waits until the catalogue is ready (the app's persisted sync status),
 *    opens the first category of home's navigation, waits for its first product card and for the offline search
 *    index the tab builds in idle time (its performance mark), then 3 s more; then garbage is
 *    collected (CDP HeapProfiler.collectGarbage, twice) and the tab's JS heap is read (Runtime.getHeapUsage,
 *    usedSize): "one tab";
 * 2. two more tabs of the same browser context (same session, same IndexedDB) open the same listing and wait in
 *    the same way; after a collection in each, the three heaps are read and summed: "three tabs". If Chromium put two tabs in one
 *    renderer process, each of them reports the shared isolate's heap and the sum counts it twice: the figure
 *    can only be too high, never too low.
 * Each figure adds the heaps of the dedicated workers alive then (the catalogue page worker of the leader tab,
 * decision 037; read and collected through a browser-level CDP session attached to each worker target), so work
 * moved off a tab's main thread still counts as that tab's memory.
 * Targets: one tab ≤ 60 MB at 20,000 products; at 100,000, one tab ≤ 150 MB and three tabs ≤ 300 MB.
 * Writes bench/results/memory.json and exits 1 when a target is missed or a measurement is missing.
 */
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { SYNC_COLLECTIONS } from '../src/contracts/sync';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DEMO_USER, startBridge } from './support/bridge-process';
import { BenchRecord, runBench } from './support/results';
import { productCounts, round } from './support/stats';

const SIZES = productCounts(process.env.BENCH_PRODUCTS, [20_000]);
/** Shared with first-sync: a size seeded once is reused. */
const DATA_ROOT = process.env.BENCH_DATA_DIR ?? '/tmp/first-sync-bench';
/** src/ui/shared/catalog-sync/browser-catalog-sync.ts CATALOG_SYNC_STORAGE_KEY. */
const STATUS_KEY = 'b2b.catalog-sync.v2';
/** src/ui/features/search/browser-search.ts SEARCH_INDEX_READY_MARK. */
const SEARCH_INDEX_READY_MARK = 'offline-search-index-ready';
const MB = 1024 * 1024;

/** The targets, in MB of JS heap after a collection. */
function targetsFor(products: number): { oneTab: number; threeTabs?: number } {
  return products >= 100_000 ? { oneTab: 150, threeTabs: 300 } : { oneTab: 60 };
}

interface SizeResult {
  products: number;
  listing: string;
  /** The tab's heap plus its workers'. */
  oneTabMb: number;
  /** Of oneTabMb: the workers'. */
  oneTabWorkersMb: number;
  /** Each tab's heap; the workers' heaps (in the leader tab) are the last entry when there were any. */
  threeTabsMb: number[];
}

/** Sends one command to a worker target over the browser session (a non-flattened target session). */
function sendToTarget(browserCdp: CDPSession, sessionId: string, id: number, method: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const onMessage = (event: { sessionId: string; message: string }) => {
      if (event.sessionId !== sessionId) return;
      const message = JSON.parse(event.message) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
      if (message.id !== id) return;
      browserCdp.off('Target.receivedMessageFromTarget', onMessage);
      if (message.error) reject(new Error(`${method}: ${message.error.message}`));
      else resolve(message.result ?? {});
    };
    browserCdp.on('Target.receivedMessageFromTarget', onMessage);
    void browserCdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) }).catch(reject);
  });
}

/** The JS heaps of every dedicated worker of the browser after a collection in each, in MB (0 without workers). */
async function workerHeapsMb(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string }[] };
    let total = 0;
    for (const target of targetInfos.filter((t) => t.type === 'worker')) {
      const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as {
        sessionId: string;
      };
      try {
        await sendToTarget(cdp, sessionId, 1, 'HeapProfiler.collectGarbage');
        const usage = await sendToTarget(cdp, sessionId, 2, 'Runtime.getHeapUsage');
        const used = Number(usage.usedSize);
        if (!(used > 0)) throw new Error('Runtime.getHeapUsage returned no heap size for a worker');
        total += used / MB;
      } finally {
        await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
      }
    }
    return total;
  } finally {
    await cdp.detach();
  }
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
  // A tab is at rest once the offline search index it builds in idle time is complete: a heap read before
  // that misses the index (most of a tab's memory beyond the documents at 100,000 products).
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, SEARCH_INDEX_READY_MARK, {
    polling: 500,
    timeout: 600_000,
  });
  // Let the rest of the idle-time work of a start (money formatters, image cache) settle.
  await page.waitForTimeout(3_000);
}

async function measure(products: number): Promise<SizeResult> {
  const { base, stop } = await startBridge(products, path.join(DATA_ROOT, `products-${products}`));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: base, locale: 'en-US', viewport: { width: 1280, height: 900 } });
    const first = await context.newPage();
    await first.goto('/login');
    await first.getByLabel('Email', { exact: true }).fill(DEMO_USER.email);
    await first.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
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
    const oneTabWorkersMb = await workerHeapsMb(browser);
    const oneTabMb = (await heapAfterGc(context, first)) + oneTabWorkersMb;
    const others = [await context.newPage(), await context.newPage()];
    for (const page of others) await openListing(page, href);
    const threeTabsMb: number[] = [];
    for (const page of [first, ...others]) threeTabsMb.push(await heapAfterGc(context, page));
    const workersMb = await workerHeapsMb(browser);
    if (workersMb > 0) threeTabsMb.push(workersMb);
    await context.close();
    return { products, listing: href, oneTabMb, oneTabWorkersMb, threeTabsMb };
  } finally {
    await browser.close();
    await stop();
  }
}

runBench('memory', async () => {
  const record = new BenchRecord('memory');
  for (const products of SIZES) {
    const result = await measure(products);
    const targets = targetsFor(products);
    const total = result.threeTabsMb.reduce((a, b) => a + b, 0);
    record.figures[`${products}`] = {
      listing: result.listing,
      oneTabMb: round(result.oneTabMb, 1),
      oneTabWorkersMb: round(result.oneTabWorkersMb, 1),
      threeTabsMb: result.threeTabsMb.map((mb) => round(mb, 1)),
    };
    record.check({
      name: 'JS heap of one tab',
      phase: 'all',
      products,
      value: round(result.oneTabMb, 1),
      target: targets.oneTab,
      unit: 'MB',
      samples: 1,
    });
    if (targets.threeTabs !== undefined) {
      record.check({
        name: 'JS heap of three tabs',
        phase: 'all',
        products,
        value: round(total, 1),
        target: targets.threeTabs,
        unit: 'MB',
        samples: 3,
      });
    }
  }
  record.finish();
});
