/**
 * Listing render benchmark: `npx tsx bench/listing-render.ts` (also part of `npm run bench`).
 *
 * Builds bench/listing-render-page with Vite (the app's React, Lingui and CSS Modules setup) into a
 * temporary directory, serves it, and loads it in headless Chromium (Playwright, /usr/bin/chromium or
 * CHROMIUM_PATH). For each catalogue size of BENCH_PRODUCTS (default 20000; `BENCH_PRODUCTS=20000,100000` runs
 * both), the page holds that many products, BENCH_LISTING (default 2,000) of them in the benched category,
 * and mounts the storefront's ProductListing of that category BENCH_RUNS times, each on a fresh catalogue
 * snapshot, so every run pays for the scope's pass over the whole catalogue, the sort and the first
 * render of 50 cards. The page is loaded BENCH_COLD_LOADS times (default 7), each in a fresh browser context
 * (no HTTP or code cache): the first render of each load is a cold sample (JIT, styles, first images); the
 * runs after the first on the first load are the warm samples. Checks (docs/decisions/028-honest-benchmarks.md):
 * p95 of the cold samples (with 7 loads, the worst) and p95 of the warm ones, each ≤ 150 ms (commit + paint).
 * Writes bench/results/listing-render.json.
 */
import type { Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { makeCategory } from '../src/db/queries/listing-fixtures';
import { nameSortKey } from '../src/domain/name-sort-key';
import type { ProductDoc } from '../src/db/schema/products';
import { makeProduct } from '../src/db/testing/documents';
import { BenchRecord, runBench } from './support/results';
import { serveDirectory } from './support/serve-directory';
import { distribution, percentile, productCounts, round } from './support/stats';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(HERE, '..');
/** Catalogue sizes (BENCH_PRODUCTS=20000,100000 runs both); the listing is the category holding LISTING of them. */
const SIZES = productCounts(process.env.BENCH_PRODUCTS, [20_000]);
const LISTING = Number(process.env.BENCH_LISTING ?? 2_000);
const RUNS = Math.max(2, Number(process.env.BENCH_RUNS ?? 12));
const COLD_LOADS = Math.max(1, Number(process.env.BENCH_COLD_LOADS ?? 7));
const TARGET_MS = 150;
const OUT_DIR = path.join(os.tmpdir(), `listing-render-bench-${process.pid}`);

const NOUNS = ['Ελαιόλαδο', 'Ζάχαρη', 'Αλεύρι', 'Μακαρόνια', 'Ρύζι', 'Φέτα', 'Καφές', 'Απορρυπαντικό', 'Χαρτί κουζίνας', 'Σαπούνι'];
const UNITS = ['piece', 'pack', 'carton', 'palette'] as const;

/** `total` products: the first LISTING in the benched category (10, below it leaves 11–15), the others in category 20. */
function benchProducts(total: number): ProductDoc[] {
  return Array.from({ length: total }, (_, i) => {
    const name = `${NOUNS[i % NOUNS.length]} ${1 + (i % 17)} ${['kg', 'L', 'τεμ.'][i % 3]} #${i}`;
    const price = 150 + ((i * 7_919) % 30_000);
    return makeProduct({
      sku: `BEN-${String(i).padStart(6, '0')}`,
      id: String(10_000 + i),
      name,
      name_en: `Product ${i}`,
      name_az: nameSortKey(name),
      slug: `product-${i}`,
      url_key: `product-${i}`,
      category_ids: i < LISTING ? ['2', '10', String(11 + (i % 5))] : ['2', '20'],
      price,
      final_price: price,
      special_price: i % 9 === 0 ? Math.round(price * 0.8) : undefined,
      measurement_unit: UNITS[i % UNITS.length],
      unit_quantity: i % 4 === 2 ? 12 : 1,
      supplier_id: `sup-${i % 20}`,
      supplier_name: `Προμηθευτής ${i % 20}`,
      is_in_stock: i % 13 !== 0,
      updated_at: Date.UTC(2026, 0, 1) + i * 60_000,
    });
  });
}

function benchCategories() {
  return [
    makeCategory({ id: '2', parent_id: '', level: 1, slug: 'all-products' }),
    makeCategory({ id: '10', parent_id: '2', level: 2, slug: 'bench' }),
    makeCategory({ id: '20', parent_id: '2', level: 2, position: 1, slug: 'rest-of-the-catalog' }),
    ...[11, 12, 13, 14, 15].map((id, position) =>
      makeCategory({ id: String(id), parent_id: '10', level: 3, position, slug: `leaf-${id}` }),
    ),
  ];
}

async function buildPage(total: number): Promise<void> {
  await build({
    configFile: false,
    root: path.join(HERE, 'listing-render-page'),
    logLevel: 'warn',
    plugins: [
      react(),
      babel({ include: [/[\\/]src[\\/]ui[\\/].*\.[jt]sx?$/], plugins: ['@lingui/babel-plugin-lingui-macro'] }),
      lingui({ cwd: ROOT }),
    ],
    // As vite.config.ts builds the app (decision 019): Lightning CSS resolves the custom media breakpoints.
    css: { transformer: 'lightningcss', lightningcss: { drafts: { customMedia: true } } },
    build: { outDir: OUT_DIR, emptyOutDir: true, target: 'es2022' },
  });
  writeFileSync(
    path.join(OUT_DIR, 'data.json'),
    JSON.stringify({ products: benchProducts(total), categories: benchCategories(), categoryId: '10' }),
  );
}

const THUMBNAIL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="310" height="300" viewBox="0 0 310 300"><rect width="310" height="300" fill="#e7f0fa"/><text x="155" y="160" font-size="40" text-anchor="middle">P</text></svg>';

/** Thumbnails as a small SVG like the bridge's media route (lazy images load as in the app); the API is down. */
function serve(): Promise<Server> {
  return serveDirectory(OUT_DIR, (url, res) => {
    if (url.pathname.startsWith('/media/')) {
      res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(THUMBNAIL_SVG);
      return true;
    }
    if (url.pathname.startsWith('/api/')) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"code":503}');
      return true;
    }
    return false;
  });
}

interface RunTiming {
  commitMs: number;
  paintMs: number;
  cards: number;
}

async function measureSize(total: number, record: BenchRecord): Promise<void> {
  await buildPage(total);
  const server = await serve();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const loads: RunTiming[][] = [];
  try {
    for (let load = 0; load < COLD_LOADS; load += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('page error:', error.message));
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await page.waitForSelector('#ready');
      loads.push(await page.evaluate((runs) => window.benchRender(runs), load === 0 ? RUNS : 1));
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  // Cold: the first listing render of each fresh page (no HTTP or code cache); warm: the later runs of load 1.
  const cold = loads.map((load) => load[0]).filter((t) => t !== undefined);
  const warm = (loads[0] ?? []).slice(1);
  const cards = Math.min(...[...cold, ...warm].map((t) => t.cards));
  if (!(cards > 0)) throw new Error(`${total} products: a listing rendered no product card`);
  const name = `first render of a ${LISTING}-product listing (commit + paint)`;
  for (const [phase, timings] of [
    ['cold', cold],
    ['warm', warm],
  ] as const) {
    const paint = timings.map((t) => t.paintMs);
    record.check({
      name,
      phase,
      products: total,
      value: round(percentile(paint, 95, `${phase} paint`), 1),
      target: TARGET_MS,
      unit: 'ms',
      samples: paint.length,
    });
  }
  record.figures[`products_${total}`] = {
    listing: LISTING,
    cards_rendered: cards,
    cold: { loads: cold.length, paint_ms: distribution(cold.map((t) => t.paintMs)), commit_ms: distribution(cold.map((t) => t.commitMs)) },
    warm: { runs: warm.length, paint_ms: distribution(warm.map((t) => t.paintMs)), commit_ms: distribution(warm.map((t) => t.commitMs)) },
    runs: { cold, warm },
  };
  console.log(`${total} products in the catalogue, ${LISTING} in the listing:`);
  console.table([
    ...cold.map((t, i) => ({ phase: 'cold', run: i + 1, ...t })),
    ...warm.map((t, i) => ({ phase: 'warm', run: i + 2, ...t })),
  ]);
}

runBench('listing-render', async () => {
  const record = new BenchRecord('listing-render');
  record.figures.environment = 'headless Chromium (Playwright), Vite production build, fresh context per cold load';
  for (const total of SIZES) await measureSize(total, record);
  record.finish();
});
