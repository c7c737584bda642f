/**
 * Bridge search benchmark: `npx tsx bench/bridge-search.ts`.
 *
 * Seeds SEED_PRODUCTS (default 20,000) products into a PGlite data directory under /tmp (kept and reused
 * across runs), starts the bridge (app.ts, real HTTP stack) on a real port in a child process, then
 * BENCH_CLIENTS (default 50) closed-loop clients send searches back to back over HTTP: first
 * BENCH_WARMUP_SECONDS (default 5) not measured, then BENCH_SECONDS (default 20) measured.
 *
 * The ~400 distinct searches are built from the catalogue; which one a client sends next is drawn from a
 * Zipf distribution (exponent BENCH_ZIPF, default 1, like search logs: a few searches are very popular,
 * most are rare). Runs (BENCH_RUNS, default "cache,nocache,nocache-1,cache-paced"): the answer cache on
 * (what the target applies to), the cache off (the database answers every request: SEARCH_CACHE=off), the
 * cache off with one client (the per-request cost without queueing), and the cache on with 250 ms pauses
 * between a client's searches (not the target's measure). BENCH_PGLITE=main runs PGlite on the bridge's
 * HTTP thread instead of its worker thread (for comparison). Writes bench/results/bridge-search.json.
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../server/config';
import { openPglite, type Db } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { seedIfEmpty } from '../server/seed/seed';
import { openSession } from '../server/services/session';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PRODUCTS = Number(process.env.SEED_PRODUCTS ?? 20_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const ZIPF = Number(process.env.BENCH_ZIPF ?? 1);
const TARGET_P95_MS = 50;
const DATA_DIR = process.env.BENCH_DATA_DIR ?? `/tmp/bridge-search-bench/products-${PRODUCTS}`;
const SECRET = 'bench-secret-that-is-long-enough-for-hmac-0123456789';
/**
 * How the load generator sends requests. 'node-http' (default): node:http with a keep-alive agent, one
 * socket per client. 'fetch': the global fetch (undici's WHATWG layer), as the first versions of this
 * benchmark did; it costs the generator ~1.2–1.5 ms of CPU per request on the 2 cores it shares with the
 * bridge, more than the bridge itself spends. Both send the same requests with the same headers
 * (accept-encoding gzip, so the bridge compresses as it does for a browser); node-http does not inflate
 * the answers it receives, fetch does.
 */
const HTTP_CLIENT = process.env.BENCH_HTTP_CLIENT === 'fetch' ? 'fetch' : 'node-http';
/** Where the bridge's PGlite runs: 'worker' (the product default) or 'main' (the HTTP thread, as before). */
const PGLITE_THREAD = process.env.BENCH_PGLITE === 'main' ? 'main' : 'worker';

/** `token`: an access token of a real session (the bridge refuses tokens whose session is not open). */
type Ready = { port: number; queries: BenchQuery[]; seedMs: number; token: string };
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
  const rows = await db.query<{
    sku: string;
    name: string;
    name_en: string;
    barcode: string | null;
    category_ids: number[];
    url_path: string;
  }>(
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
          aggregations: {
            categories: { terms: { field: 'category_ids', size: 50 } },
            price: { range: { field: 'price', ranges: [{ to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }] } },
          },
        },
      });
    } else if (r < 0.95) queries.push({ kind: 'url-map', path: '/api/url/map', body: { url: `/${row.url_path}` } });
    else
      queries.push({
        kind: 'category-tree',
        path: '/api/catalog/category/_search',
        body: { query: { filters: { is_active: true, product_count: { gt: 0 } } }, size: 4000 },
      });
  }
  return queries;
}

/** Database work during the measured window: search misses are transactions, URL maps plain statements. */
type DbCounts = {
  transactions: number;
  statementsInTransactions: number;
  statementsOutside: number;
  /** Wall time from BEGIN to the end of each search transaction: the database's own share of a miss. */
  transactionMs: ReturnType<typeof summary> & { total: number };
  bridgeCpuMs?: number;
};

/** The bridge's Db, counting what reaches the database while the parent says a window is measured. */
function countingDb(db: Db, counts: DbCounts, transactionMs: number[], measuring: () => boolean): Db {
  const inTx: Db['transaction'] = async (fn) => {
    const counted = measuring();
    if (counted) counts.transactions += 1;
    const started = performance.now();
    try {
      return await db.transaction((tx) =>
        fn({
          query: (sql, params) => {
            if (measuring()) counts.statementsInTransactions += 1;
            return tx.query(sql, params);
          },
          exec: (sql) => tx.exec(sql),
        }),
      );
    } finally {
      if (counted) transactionMs.push(performance.now() - started);
    }
  };
  return {
    ...db,
    query: (sql, params) => {
      if (measuring()) counts.statementsOutside += 1;
      return db.query(sql, params);
    },
    transaction: inTx,
  };
}

async function openBenchDb(): Promise<Db> {
  mkdirSync(DATA_DIR, { recursive: true });
  // Only this script uses the directory; a pid file left by a killed run would make PGlite wait forever.
  rmSync(path.join(DATA_DIR, 'postmaster.pid'), { force: true });
  return openPglite(DATA_DIR, { thread: PGLITE_THREAD });
}

/** Child process: the bridge (real HTTP stack, search routes) over the seeded PGlite. */
async function serve(): Promise<void> {
  const { buildApp } = await import('../server/app');
  const db = await openBenchDb();
  await migrate(db);
  const started = Date.now();
  const seeded = await seedIfEmpty(db, { products: PRODUCTS });
  const seedMs = seeded.seeded ? Date.now() - started : 0;
  const config = loadConfig({
    DATA_DIR: path.join(DATA_DIR, '..', 'bridge-data'),
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    SEED_PRODUCTS: '0',
  });
  // The parent sets SEARCH_CACHE=off for the cache-off runs; the routes app.ts registers read it.
  const counts: DbCounts = {
    transactions: 0,
    statementsInTransactions: 0,
    statementsOutside: 0,
    transactionMs: { ...summary([]), total: 0 },
  };
  const transactionMs: number[] = [];
  let measuring = false;
  let cpuAtStart = process.cpuUsage();
  const app = await buildApp({
    config,
    db: countingDb(db, counts, transactionMs, () => measuring),
    logger: false,
    distDir: path.join(DATA_DIR, 'no-dist'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const queries = await buildBenchQueries(db);
  await db.query(
    `insert into customers (id, email, firstname, lastname) values ('bench-customer', 'bench@example.gr', 'Bench', 'Customer')
     on conflict do nothing`,
  );
  const { token } = await openSession(db, config, 'bench-customer', Date.now());
  process.send?.({ port, queries, seedMs, token } satisfies Ready);
  process.on('message', (message) => {
    if (message === 'measure') {
      measuring = true;
      cpuAtStart = process.cpuUsage();
      return;
    }
    if (message === 'counts') {
      measuring = false;
      const cpu = process.cpuUsage(cpuAtStart);
      // Every thread of the bridge process (the HTTP thread and any database worker), user + system.
      const total = Math.round(transactionMs.reduce((a, b) => a + b, 0));
      process.send?.({
        counts: { ...counts, transactionMs: { ...summary(transactionMs), total }, bridgeCpuMs: Math.round((cpu.user + cpu.system) / 1000) },
      });
      return;
    }
    if (message !== 'stop') return;
    void app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0));
  });
}

/** Busy and total CPU time of the whole machine so far, in ms (Linux /proc/stat; null elsewhere). */
function machineCpu(): { busyMs: number; totalMs: number } | null {
  let line: string | undefined;
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  } catch {
    return null;
  }
  const ticks = (line ?? '').trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  // USER_HZ is 100 on Linux: one tick is 10 ms.
  return { busyMs: (total - idle) * 10, totalMs: total * 10 };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/** thinkMs: a pause after each answer (a buyer reading or typing); 0 is the closed loop the target names. */
type Run = { name: string; cache: boolean; clients: number; thinkMs: number };
type RunReport = ReturnType<typeof summary> & {
  run: string;
  cache: boolean;
  clients: number;
  thinkMs: number;
  requests: number;
  errors: number;
  throughputPerSecond: number;
  loadAverage1mAtStart: number;
  byKind: Record<string, ReturnType<typeof summary>>;
  seedMs: number;
  distinctQueries: number;
  database: DbCounts;
  cpuPerRequestMs: { loadGenerator: number; bridge: number };
  otherProgramsCores: number | null;
};

/** Query indexes drawn from a Zipf distribution over a fixed shuffle of the queries (rank 1 most popular). */
function zipfPicker(count: number, seed: number): () => number {
  const random = rng(seed);
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
  }
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= count; rank += 1) cumulative.push((total += 1 / rank ** ZIPF));
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return order[lo] ?? 0;
  };
}

/** Sends one benchmark request and resolves to the HTTP status once the whole answer has arrived. */
type Sender = { send(query: BenchQuery): Promise<number>; close(): void };

function fetchSender(port: number, token: string): Sender {
  return {
    async send(query) {
      const res = await fetch(`http://127.0.0.1:${port}${query.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(query.body),
      });
      await res.arrayBuffer();
      return res.status;
    },
    close() {},
  };
}

function nodeHttpSender(port: number, token: string, clients: number): Sender {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const bodies = new Map<BenchQuery, Buffer>();
  return {
    send(query) {
      let body = bodies.get(query);
      if (!body) bodies.set(query, (body = Buffer.from(JSON.stringify(query.body))));
      const headers = {
        'content-type': 'application/json',
        'content-length': body.length,
        authorization: `Bearer ${token}`,
        // What fetch sends: the bridge compresses answers of 1 kB and more for this client too.
        accept: '*/*',
        'accept-encoding': 'gzip, deflate',
      };
      return new Promise((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: query.path, agent, headers }, (res) => {
          res.on('error', reject);
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.resume();
        });
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

/** Closed loop: each client sends its next search as soon as the previous answer has arrived. */
async function drive(ready: Ready, run: Run, sender: Sender, seconds: number, pick: () => number, record: boolean) {
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const client = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const query = ready.queries[pick()];
      if (!query) return;
      const started = performance.now();
      const status = await sender.send(query);
      const ms = performance.now() - started;
      if (status !== 200 && !(query.kind === 'url-map' && status === 404)) errors += 1;
      if (run.thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, run.thinkMs));
      if (!record) continue;
      all.push(ms);
      const list = byKind.get(query.kind) ?? [];
      list.push(ms);
      byKind.set(query.kind, list);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: run.clients }, client));
  return { all, byKind, errors, elapsed: (performance.now() - started) / 1000 };
}

async function startServer(cache: boolean): Promise<{ child: ChildProcess; ready: Ready }> {
  const env = { ...process.env, SEARCH_CACHE: cache ? 'on' : 'off' };
  // BENCH_PROFILE_DIR: write a CPU profile of the bridge process (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const execArgv = [...process.execArgv, ...profile];
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve'], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env,
    execArgv,
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, ready };
}

async function databaseCounts(child: ChildProcess): Promise<DbCounts> {
  const answer = new Promise<DbCounts>((resolve) => {
    const onMessage = (m: unknown) => {
      if (typeof m !== 'object' || m === null || !('counts' in m)) return;
      child.off('message', onMessage);
      resolve((m as { counts: DbCounts }).counts);
    };
    child.on('message', onMessage);
  });
  child.send('counts');
  return answer;
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.send('stop');
  await exited;
}

async function measure(run: Run): Promise<RunReport> {
  const { child, ready } = await startServer(run.cache);
  const { token } = ready;
  const sender = HTTP_CLIENT === 'fetch' ? fetchSender(ready.port, token) : nodeHttpSender(ready.port, token, run.clients);
  try {
    // Same seed for every run: the same searches in the same order, warm-up included.
    const pick = zipfPicker(ready.queries.length, 7);
    await drive(ready, run, sender, WARMUP_SECONDS, pick, false);
    const load = loadavg()[0] ?? 0;
    child.send('measure');
    const cpuAtStart = process.cpuUsage();
    const machineAtStart = machineCpu();
    const { all, byKind, errors, elapsed } = await drive(ready, run, sender, SECONDS, pick, true);
    const cpu = process.cpuUsage(cpuAtStart);
    const machineAtEnd = machineCpu();
    const database = await databaseCounts(child);
    const generatorMs = (cpu.user + cpu.system) / 1000;
    // The other programs on the machine during the window, in cores (a colleague's build or tests skew a run).
    const otherCores =
      machineAtStart && machineAtEnd
        ? Math.round(((machineAtEnd.busyMs - machineAtStart.busyMs - generatorMs - (database.bridgeCpuMs ?? 0)) / (elapsed * 1000)) * 100) /
          100
        : null;
    // Where the 2 cores went: the load generator (this process) and the bridge, CPU ms per answered request.
    const cpuPerRequestMs = {
      loadGenerator: Math.round((generatorMs / Math.max(1, all.length)) * 100) / 100,
      bridge: Math.round(((database.bridgeCpuMs ?? 0) / Math.max(1, all.length)) * 100) / 100,
    };
    const kinds = Object.fromEntries([...byKind.entries()].map(([kind, list]) => [kind, summary(list)]));
    const overall = summary(all);
    console.log(
      `${run.name}: cache ${run.cache ? 'on' : 'off'}, PGlite on the ${PGLITE_THREAD} thread, ${HTTP_CLIENT} client, ${run.clients} clients, think ${run.thinkMs} ms, ${all.length} requests (${Math.round(all.length / elapsed)}/s), ${errors} errors, load ${load.toFixed(2)}`,
    );
    console.table({ all: overall, ...kinds });
    const tx = database.transactionMs;
    console.log(
      `database during the measured window: ${database.transactions} search transactions (misses; each p50 ${tx.p50} ms, p95 ${tx.p95} ms, max ${tx.max} ms, ${tx.total} ms in all), ${database.statementsOutside} other statements (URL maps, version checks)`,
    );
    console.log(
      `CPU per request: load generator ${cpuPerRequestMs.loadGenerator} ms, bridge ${cpuPerRequestMs.bridge} ms; other programs used ${otherCores ?? '?'} cores`,
    );
    return {
      run: run.name,
      cache: run.cache,
      clients: run.clients,
      thinkMs: run.thinkMs,
      ...overall,
      requests: all.length,
      errors,
      throughputPerSecond: Math.round(all.length / elapsed),
      loadAverage1mAtStart: load,
      byKind: kinds,
      seedMs: ready.seedMs,
      distinctQueries: ready.queries.length,
      database,
      cpuPerRequestMs,
      otherProgramsCores: otherCores,
    };
  } finally {
    sender.close();
    await stopServer(child);
  }
}

const RUNS: Record<string, Run> = {
  cache: { name: 'cache', cache: true, clients: CLIENTS, thinkMs: 0 },
  nocache: { name: 'nocache', cache: false, clients: CLIENTS, thinkMs: 0 },
  'nocache-1': { name: 'nocache-1', cache: false, clients: 1, thinkMs: 0 },
  // Not the target's measure: the same clients each pausing 250 ms, as buyers do, for the latency a buyer sees.
  'cache-paced': { name: 'cache-paced', cache: true, clients: CLIENTS, thinkMs: 250 },
};

async function main(): Promise<void> {
  if (process.argv.includes('--serve')) return serve();
  console.log(`${existsSync(path.join(DATA_DIR, 'PG_VERSION')) ? 'reusing' : 'seeding'} ${DATA_DIR} …`);
  const names = (process.env.BENCH_RUNS ?? 'cache,nocache,nocache-1,cache-paced').split(',').map((n) => n.trim());
  const runs = [];
  for (const name of names) {
    const run = RUNS[name];
    if (!run) throw new Error(`unknown run ${name}; use ${Object.keys(RUNS).join(', ')}`);
    runs.push(await measure(run));
  }
  const targetRun = runs.find((r) => r.run === 'cache');
  const report = {
    when: new Date().toISOString(),
    database: 'pglite',
    pgliteThread: PGLITE_THREAD,
    httpClient: HTTP_CLIENT,
    products: PRODUCTS,
    cpus: cpus().length,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
    mix: `Zipf (exponent ${ZIPF}) over ${runs[0]?.distinctQueries ?? 0} distinct searches built from the catalogue`,
    target: {
      p95Ms: TARGET_P95_MS,
      appliesTo: `run "cache": answer cache on, after the warm-up, ${CLIENTS} concurrent closed-loop clients, Zipf mix`,
      measuredP95Ms: targetRun?.p95 ?? null,
      met: targetRun ? targetRun.p95 <= TARGET_P95_MS && targetRun.errors === 0 : null,
    },
    runs,
  };
  const out = path.join(HERE, 'results', 'bridge-search.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `written ${path.relative(process.cwd(), out)}; target p95 ≤ ${TARGET_P95_MS} ms (cache on, ${CLIENTS} clients): ${report.target.measuredP95Ms ?? '-'} ms, met: ${report.target.met}`,
  );
  // Errors fail the benchmark where the target applies; the runs without the cache (no target) measure
  // saturation, where the bridge may shed load: their errors are printed and kept in the JSON.
  if (!targetRun || targetRun.errors > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
