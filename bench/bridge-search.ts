/**
 * Bridge search benchmark: `npx tsx bench/bridge-search.ts`.
 *
 * Seeds SEED_PRODUCTS (default 20,000) products into a PGlite data directory under /tmp (kept and reused
 * across runs), starts the bridge with the search routes on a real port in a child process, then 50
 * concurrent clients (BENCH_CLIENTS) send realistic searches for BENCH_SECONDS (default 20) over HTTP.
 * Prints p50/p95/p99 overall and per kind of query; writes bench/results/bridge-search.json.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../server/config';
import { openPglite, type Db } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { catalogSearchRoutes } from '../server/routes/catalog-search';
import { urlMapRoutes } from '../server/routes/url-map';
import { seedIfEmpty } from '../server/seed/seed';
import { signAccessToken } from '../server/services/access-token';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PRODUCTS = Number(process.env.SEED_PRODUCTS ?? 20_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? `/tmp/bridge-search-bench/products-${PRODUCTS}`;
const SECRET = 'bench-secret-that-is-long-enough-for-hmac-0123456789';

type Ready = { port: number; queries: BenchQuery[]; seedMs: number };
type BenchQuery = { kind: string; path: string; body: Record<string, unknown> };

const SEARCH = '/api/catalog/product/_search';

/** Deterministic pseudo-random numbers, so two runs send the same queries in the same order. */
function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const stripAccents = (s: string): string => s.normalize('NFD').replace(/\p{M}+/gu, '');
const words = (s: string): string[] => s.split(/\s+/).filter((w) => /^\p{L}{3,}$/u.test(w));

/**
 * What buyers type into the search panel (as the storefront sends it: text, size 20), a category listing
 * with facets, the other catalogue entities and URL mapping; built from the seeded catalogue itself.
 */
async function buildBenchQueries(db: Db): Promise<BenchQuery[]> {
  const rows = await db.query<{ sku: string; name: string; name_en: string; barcode: string | null; category_ids: number[]; url_path: string }>(
    `select sku, name, name_en, barcode, category_ids, data->>'url_path' as url_path from products
     where status in (0, 1) and visibility in (2, 3, 4) order by id limit 400`,
  );
  const random = rng(42);
  const text = (kind: string, value: string): BenchQuery => ({ kind, path: SEARCH, body: { query: { text: value }, size: 20 } });
  const queries: BenchQuery[] = [];
  for (const row of rows) {
    const el = words(row.name);
    const first = el[0] ?? row.name;
    const r = random();
    if (r < 0.2) queries.push(text('word', stripAccents(first).toLowerCase()));
    else if (r < 0.35) queries.push(text('prefix', first.slice(0, 3 + Math.floor(random() * 3)).toLowerCase()));
    else if (r < 0.5) queries.push(text('two-words', el.slice(0, 2).join(' ')));
    else if (r < 0.6) {
      const long = el.find((w) => w.length >= 6) ?? first;
      const at = 1 + Math.floor(random() * (long.length - 2));
      queries.push(text('typo', stripAccents(long.slice(0, at) + long.slice(at + 1)).toLowerCase()));
    } else if (r < 0.7) queries.push(text('english', row.name_en.split(' ').slice(0, 2).join(' ')));
    else if (r < 0.76) queries.push(text('sku', row.sku));
    else if (r < 0.8 && row.barcode) queries.push(text('barcode', row.barcode));
    else if (r < 0.9) {
      queries.push({
        kind: 'category-listing',
        path: SEARCH,
        body: {
          query: { filters: { category_ids: row.category_ids.at(-1) ?? 2 } },
          size: 50,
          sort: 'price:asc',
          includeFields: ['sku', 'name', 'price', 'final_price', 'special_price', 'thumbnail', 'url_path', 'supplier_name'],
          aggregations: { categories: { terms: { field: 'category_ids', size: 50 } }, price: { range: { field: 'price', ranges: [{ to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }] } } },
        },
      });
    } else if (r < 0.95) queries.push({ kind: 'url-map', path: '/api/url/map', body: { url: `/${row.url_path}` } });
    else queries.push({ kind: 'category-tree', path: '/api/catalog/category/_search', body: { query: { filters: { is_active: true, product_count: { gt: 0 } } }, size: 4000 } });
  }
  return queries;
}


async function openBenchDb(): Promise<Db> {
  mkdirSync(DATA_DIR, { recursive: true });
  // Only this script uses the directory; a pid file left by a killed run would make PGlite wait forever.
  rmSync(path.join(DATA_DIR, 'postmaster.pid'), { force: true });
  return openPglite(DATA_DIR);
}

/** Child process: the bridge (real HTTP stack, search routes) over the seeded PGlite. */
async function serve(): Promise<void> {
  const { buildApp } = await import('../server/app');
  const db = await openBenchDb();
  await migrate(db);
  const started = Date.now();
  const seeded = await seedIfEmpty(db, { products: PRODUCTS });
  const seedMs = seeded.seeded ? Date.now() - started : 0;
  const config = loadConfig({ DATA_DIR: path.join(DATA_DIR, '..', 'bridge-data'), JWT_SECRET: SECRET, LOG_LEVEL: 'warn', SEED_PRODUCTS: '0' });
  const app = await buildApp({ config, db, logger: false, distDir: path.join(DATA_DIR, 'no-dist') });
  // Until the lead registers them in app.ts, the bench registers the search routes itself.
  // BENCH_CACHE=off measures the database alone (no answers from memory).
  const cache = process.env.BENCH_CACHE !== 'off';
  if (!app.hasRoute({ method: 'POST', url: '/api/catalog/:entity/_search' })) await app.register(catalogSearchRoutes, { cache });
  else if (!cache) console.warn('BENCH_CACHE=off ignored: app.ts registered the search routes with their defaults');
  if (!app.hasRoute({ method: 'POST', url: '/api/url/map' })) await app.register(urlMapRoutes);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const queries = await buildBenchQueries(db);
  process.send?.({ port, queries, seedMs } satisfies Ready);
  process.on('message', (message) => {
    if (message !== 'stop') return;
    void app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0));
  });
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { count: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? 0) };
}

async function load(ready: Ready): Promise<void> {
  const token = signAccessToken(SECRET, 'bench-customer', 900, Date.now());
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  let errors = 0;
  let next = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const client = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const query = ready.queries[next % ready.queries.length];
      next += 1;
      if (!query) return;
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${ready.port}${query.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(query.body),
      });
      await res.arrayBuffer();
      const ms = performance.now() - started;
      if (res.status !== 200 && !(query.kind === 'url-map' && res.status === 404)) errors += 1;
      all.push(ms);
      const list = byKind.get(query.kind) ?? [];
      list.push(ms);
      byKind.set(query.kind, list);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const elapsed = (performance.now() - started) / 1000;
  const overall = summary(all);
  const kinds = Object.fromEntries([...byKind.entries()].map(([kind, list]) => [kind, summary(list)]));
  const report = {
    when: new Date().toISOString(), database: 'pglite', cache: process.env.BENCH_CACHE !== 'off', products: PRODUCTS, clients: CLIENTS, seconds: SECONDS, seedMs: ready.seedMs,
    distinctQueries: ready.queries.length, requests: all.length, errors, throughputPerSecond: Math.round(all.length / elapsed), latencyMs: overall, byKind: kinds,
    targetP95Ms: 50,
  };
  console.log(`bridge search (cache ${report.cache ? 'on' : 'off'}): ${PRODUCTS} products, ${CLIENTS} clients, ${SECONDS} s, ${all.length} requests (${report.throughputPerSecond}/s), ${errors} errors`);
  console.table({ all: overall, ...kinds });
  const out = path.join(HERE, 'results', 'bridge-search.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written ${path.relative(process.cwd(), out)}; p95 ${overall.p95} ms (target ≤ 50 ms)`);
  if (errors > 0) process.exitCode = 1;
}

async function main(): Promise<void> {
  if (process.argv.includes('--serve')) return serve();
  console.log(`${existsSync(path.join(DATA_DIR, 'PG_VERSION')) ? 'reusing' : 'seeding'} ${DATA_DIR} …`);
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  try {
    await load(ready);
  } finally {
    child.send('stop');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
