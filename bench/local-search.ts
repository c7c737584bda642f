/**
 * Offline (local) search benchmark: `npx tsx bench/local-search.ts`.
 *
 * Builds BENCH_ROWS (default 26,200: about 20,000 listable products, the rest are configurable children
 * embedded in their parents) product rows with the deterministic seed generator, turns them
 * into the compact documents the change feed sends (the documents the local replica holds) and a realistic
 * query mix (Greek prefixes, whole words without accents, two words, typos, English names, exact SKUs and
 * barcodes). Then, in headless Chromium (/usr/bin/chromium or CHROMIUM_PATH), a page built with Vite from
 * bench/local-search-page builds the storefront's MiniSearch index in slices the way the browser does and
 * runs the mix BENCH_ROUNDS times (the first round only warms up). Prints a table; writes
 * bench/results/local-search.json. Target (issue 3): p95 ≤ 15 ms per query.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { generateCatalog } from '../server/seed/generate';
import type { ProductRow } from '../server/seed/types';
import { isListable, productDocument, type ProductSource } from '../server/services/change-feed/product-documents';
import type { CategoryDoc } from '../src/db/schema/categories';
import type { ProductDoc } from '../src/db/schema/products';
import type { SearchBenchData, SearchBenchResult } from './local-search-page/main';
import { serveDirectory } from './support/serve-directory';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PRODUCTS = Number(process.env.BENCH_ROWS ?? 26_200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const OUT_DIR = path.join(os.tmpdir(), `local-search-bench-${process.pid}`);
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const stripAccents = (s: string): string => s.normalize('NFD').replace(/\p{M}+/gu, '');
const words = (s: string): string[] => s.split(/\s+/).filter((w) => /^\p{L}{3,}$/u.test(w));

function localCatalog(): { products: ProductDoc[]; categories: CategoryDoc[] } {
  const catalogue = generateCatalog({ products: PRODUCTS, today: new Date() });
  const supplierNames = new Map(catalogue.suppliers.map((s) => [s.id, s.name]));
  const source = (row: ProductRow): ProductSource => ({ ...row, supplier_name: supplierNames.get(row.supplier_id) ?? null });
  const children = new Map<string, ProductSource[]>();
  for (const row of catalogue.products) {
    if (row.parent_sku) children.set(row.parent_sku, [...(children.get(row.parent_sku) ?? []), source(row)]);
  }
  const now = Date.now();
  const products = catalogue.products
    .filter((row) => isListable(row))
    .map((row) => {
      const doc = productDocument(source(row), children.get(row.sku) ?? [], now);
      return { ...doc, barcode: doc.barcode ?? '' } as ProductDoc;
    });
  const categories = catalogue.categories.map((c): CategoryDoc => ({
    id: String(c.id),
    parent_id: String(c.parent_id),
    parent_ids: [],
    name: c.name,
    name_en: c.name_en,
    slug: c.slug,
    url_path: c.url_path,
    path: c.path,
    level: c.level,
    position: c.position,
    is_active: c.is_active,
    product_count: c.product_count,
    children_count: c.children_count,
    updated_at: 0,
  }));
  return { products, categories };
}

type Query = { kind: string; text: string };

/** What buyers type into the search panel, built from the catalogue itself. */
function queryMix(products: readonly ProductDoc[]): Query[] {
  const random = rng(42);
  const queries: Query[] = [];
  for (let i = 0; i < 300; i += 1) {
    const p = products[Math.floor(random() * products.length)];
    if (!p) continue;
    const el = words(p.name);
    const en = words(p.name_en ?? '');
    const first = el[0] ?? p.name;
    const second = el[1] ?? first;
    switch (i % 8) {
      case 0:
        queries.push({ kind: 'greek prefix', text: first.slice(0, 3 + Math.floor(random() * 3)) });
        break;
      case 1:
        queries.push({ kind: 'word without accents', text: stripAccents(first).toLowerCase() });
        break;
      case 2:
        queries.push({ kind: 'two words', text: `${first} ${second}` });
        break;
      case 3:
        queries.push({ kind: 'typo', text: first.length > 5 ? first.slice(0, 2) + first.slice(3) : `${first}ς` });
        break;
      case 4:
        queries.push({ kind: 'english', text: en[0] ?? 'coffee' });
        break;
      case 5:
        queries.push({ kind: 'exact sku', text: p.sku });
        break;
      case 6:
        queries.push({ kind: 'barcode', text: p.barcode || p.sku });
        break;
      default:
        queries.push({ kind: 'capitals, three words', text: el.slice(0, 3).join(' ').toUpperCase() || first.toUpperCase() });
    }
  }
  return queries;
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (ms: number): number => Math.round(ms * 100) / 100;

/** Builds the page, serves it with the data, and runs the index build and the queries in Chromium. */
async function runInChromium(data: SearchBenchData): Promise<SearchBenchResult> {
  await build({
    configFile: false,
    root: path.join(HERE, 'local-search-page'),
    logLevel: 'warn',
    build: { outDir: OUT_DIR, emptyOutDir: true, target: 'es2022' },
  });
  writeFileSync(path.join(OUT_DIR, 'data.json'), JSON.stringify(data));
  const server = await serveDirectory(OUT_DIR);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForSelector('body[data-ready]', { state: 'attached' });
    return await page.evaluate(() => window.benchSearch());
  } finally {
    await browser.close();
    server.close();
  }
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const catalogue = localCatalog();
  const queries = queryMix(catalogue.products);
  const prepareMs = performance.now() - t0;

  const run = await runInChromium({ ...catalogue, queries, rounds: ROUNDS });
  const buildMs = run.buildMs;
  const slices = run.slices;
  const hitsTotal = run.hitsFirstRound;
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  for (const { kind, ms } of run.timings) {
    all.push(ms);
    byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
  }
  const rows = [...byKind.entries(), ['all', all] as const].map(([kind, times]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return {
      kind,
      queries: sorted.length,
      p50_ms: round(percentile(sorted, 50)),
      p95_ms: round(percentile(sorted, 95)),
      max_ms: round(sorted.at(-1) ?? 0),
    };
  });
  const overall = rows.at(-1);
  const p95 = overall?.p95_ms ?? Number.POSITIVE_INFINITY;
  const result = {
    summary: {
      target: 'p95 <= 15 ms per query over 20,000 products',
      met: p95 <= 15,
      p50_ms: overall?.p50_ms,
      p95_ms: p95,
      index_build_ms: Math.round(buildMs),
      products: catalogue.products.length,
    },
    products: catalogue.products.length,
    generated_rows: PRODUCTS,
    rounds_measured: ROUNDS - 1,
    environment: `headless Chromium (Playwright ${CHROMIUM_ARGS.join(' ')}), Vite production build`,
    prepare_documents_ms: Math.round(prepareMs),
    index_build_ms: Math.round(buildMs),
    index_build_slices: slices.length,
    median_slice_ms: round(
      percentile(
        [...slices].sort((a, b) => a - b),
        50,
      ),
    ),
    longest_slice_ms: round(Math.max(...slices)),
    average_hits_per_query: round(hitsTotal / queries.length),
    queries: rows,
    target_p95_ms: 15,
  };
  mkdirSync(path.join(HERE, 'results'), { recursive: true });
  writeFileSync(path.join(HERE, 'results', 'local-search.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Local search over ${result.products} listable products (${PRODUCTS} rows), ${result.environment}`);
  console.log(
    `Index build ${result.index_build_ms} ms in ${result.index_build_slices} slices, median slice ${result.median_slice_ms} ms, longest ${result.longest_slice_ms} ms`,
  );
  console.table(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
