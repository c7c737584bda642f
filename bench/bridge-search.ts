/**
 * Bridge search benchmark: `npx tsx bench/bridge-search.ts` (also part of `npm run bench`).
 *
 * Seeds SEED_PRODUCTS (default 20,000) products into a PGlite data directory under /tmp (kept and reused),
 * then for each run starts the bridge (bench/bridge-search/server.ts: app.ts, real HTTP stack, PGlite on its
 * worker) in a child process and BENCH_CLIENTS (default 50) closed-loop clients send searches back to back
 * over HTTP: a cold window of BENCH_WARMUP_SECONDS (default 5, right after the start: answer cache empty,
 * database buffers cold), then a warm window of BENCH_SECONDS (default 20). Both are measured and checked.
 *
 * The mix (docs/decisions/028-honest-benchmarks.md): BENCH_DISTINCT (default 3,000) distinct requests built
 * from the catalogue (bench/bridge-search/mix.ts: Greek words with and without accents, prefixes, typos,
 * English names, SKUs, barcodes, category listings with facets, URL maps), drawn from a Zipf distribution
 * (exponent BENCH_ZIPF, default 1); and during both windows an administrator changes a product's price every
 * BENCH_WRITE_EVERY_MS (default 2,000; 0 for none) through `PATCH /api/admin/products/:sku`, which drops the
 * answer caches, as a catalogue update does.
 *
 * Runs (BENCH_RUNS, default "cache,nocache"): the answer cache on, and off (SEARCH_CACHE=off: the database
 * answers every request). Both are checked against p95 ≤ 50 ms with no errors; each reports how many
 * database transactions and statements it made, so a run answered from memory alone shows. Optional runs,
 * reported without a check: "nocache-1" (one client, the per-request cost without queueing) and
 * "cache-paced" (250 ms pauses between a client's searches). BENCH_PGLITE=main runs PGlite on the bridge's
 * HTTP thread, BENCH_HTTP_CLIENT=fetch uses fetch (bench/bridge-search/senders.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipfPicker } from './bridge-search/mix';
import { fetchSender, machineCpu, nodeHttpSender, type Sender } from './bridge-search/senders';
import type { DbCounts, Ready } from './bridge-search/server';
import { BenchRecord, runBench } from './support/results';
import { distribution, percentile, round } from './support/stats';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PRODUCTS = Number(process.env.SEED_PRODUCTS ?? 20_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const ZIPF = Number(process.env.BENCH_ZIPF ?? 1);
const DISTINCT = Number(process.env.BENCH_DISTINCT ?? 3_000);
const WRITE_EVERY_MS = Number(process.env.BENCH_WRITE_EVERY_MS ?? 2_000);
const TARGET_P95_MS = 50;
const DATA_DIR = process.env.BENCH_DATA_DIR ?? `/tmp/bridge-search-bench/products-${PRODUCTS}`;
const HTTP_CLIENT = process.env.BENCH_HTTP_CLIENT === 'fetch' ? 'fetch' : 'node-http';
const PGLITE_THREAD = process.env.BENCH_PGLITE === 'main' ? 'main' : 'worker';

/** thinkMs: a pause after each answer (a buyer reading or typing); 0 is the closed loop the target names. */
type Run = { name: string; cache: boolean; clients: number; thinkMs: number; checked: boolean };
const RUNS: Record<string, Run> = {
  cache: { name: 'cache', cache: true, clients: CLIENTS, thinkMs: 0, checked: true },
  nocache: { name: 'nocache', cache: false, clients: CLIENTS, thinkMs: 0, checked: true },
  'nocache-1': { name: 'nocache-1', cache: false, clients: 1, thinkMs: 0, checked: false },
  'cache-paced': { name: 'cache-paced', cache: true, clients: CLIENTS, thinkMs: 250, checked: false },
};

/** Catalogue writes during a run: an administrator changing prices, each dropping the answer caches. */
function startWriter(ready: Ready) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let stopped = WRITE_EVERY_MS <= 0;
  let i = 0;
  const loop = (async () => {
    while (!stopped) {
      await new Promise((resolve) => setTimeout(resolve, WRITE_EVERY_MS));
      if (stopped) break;
      const sku = ready.writeSkus[i % ready.writeSkus.length];
      i += 1;
      if (!sku) throw new Error('no product to write');
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${ready.port}/api/admin/products/${encodeURIComponent(sku)}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ready.adminToken}` },
        body: JSON.stringify({ price: 1_000 + ((i * 37) % 9_000) }),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  })();
  return {
    /** Writes so far (a window's count is the difference). */
    count: () => latencies.length,
    async stop() {
      stopped = true;
      await loop;
      return { writes: latencies.length, statuses, latencyMs: latencies.length ? distribution(latencies, 'catalogue writes') : null };
    },
  };
}

/** Closed loop: each client sends its next search as soon as the previous answer has arrived. */
async function drive(ready: Ready, run: Run, sender: Sender, seconds: number, pick: () => number) {
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  let errors = 0;
  const statuses: Record<string, number> = {};
  const deadline = performance.now() + seconds * 1000;
  const client = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const query = ready.queries[pick()];
      if (!query) throw new Error('the query mix is empty');
      const started = performance.now();
      const status = await sender.send(query);
      const ms = performance.now() - started;
      if (status !== 200 && !(query.kind === 'url-map' && status === 404)) errors += 1;
      statuses[status] = (statuses[status] ?? 0) + 1;
      all.push(ms);
      byKind.set(query.kind, [...(byKind.get(query.kind) ?? []), ms]);
      if (run.thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, run.thinkMs));
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: run.clients }, client));
  return { all, byKind, errors, statuses, elapsed: (performance.now() - started) / 1000 };
}

async function startServer(cache: boolean): Promise<{ child: ChildProcess; ready: Ready }> {
  const env = {
    ...process.env,
    SEARCH_CACHE: cache ? 'on' : 'off',
    BENCH_DATA_DIR: DATA_DIR,
    SEED_PRODUCTS: String(PRODUCTS),
    BENCH_DISTINCT: String(DISTINCT),
  };
  // BENCH_PROFILE_DIR: write a CPU profile of the bridge process (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child = fork(path.join(HERE, 'bridge-search', 'server.ts'), [], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env,
    execArgv: [...process.execArgv, ...profile],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, ready };
}

function ask<T>(child: ChildProcess, message: string, key: string): Promise<T> {
  return new Promise<T>((resolve) => {
    const onMessage = (m: unknown) => {
      if (typeof m !== 'object' || m === null || !(key in m)) return;
      child.off('message', onMessage);
      resolve((m as Record<string, T>)[key] as T);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

/** One measured window: latencies from this process, database work and CPU from the bridge process. */
async function window(
  child: ChildProcess,
  ready: Ready,
  run: Run,
  sender: Sender,
  seconds: number,
  pick: () => number,
  writes: () => number,
) {
  const load = loadavg()[0] ?? 0;
  const writesBefore = writes();
  child.send('open-window');
  const cpuAtStart = process.cpuUsage();
  const machineAtStart = machineCpu();
  const { all, byKind, errors, statuses, elapsed } = await drive(ready, run, sender, seconds, pick);
  const cpu = process.cpuUsage(cpuAtStart);
  const machineAtEnd = machineCpu();
  const database = await ask<DbCounts>(child, 'counts', 'counts');
  const generatorMs = (cpu.user + cpu.system) / 1000;
  const otherCores =
    machineAtStart && machineAtEnd
      ? Math.round(((machineAtEnd.busyMs - machineAtStart.busyMs - generatorMs - database.bridgeCpuMs) / (elapsed * 1000)) * 100) / 100
      : null;
  return {
    latencyMs: distribution(all, `${run.name} latencies`),
    requests: all.length,
    errors,
    statuses,
    throughputPerSecond: Math.round(all.length / elapsed),
    catalogWrites: writes() - writesBefore,
    database,
    cpuPerRequestMs: {
      loadGenerator: Math.round((generatorMs / all.length) * 100) / 100,
      bridge: Math.round((database.bridgeCpuMs / all.length) * 100) / 100,
    },
    otherProgramsCores: otherCores,
    loadAverage1mAtStart: load,
    byKind: Object.fromEntries([...byKind.entries()].map(([kind, list]) => [kind, distribution(list, kind)])),
    raw: all,
  };
}

async function measure(run: Run) {
  const { child, ready } = await startServer(run.cache);
  const sender = HTTP_CLIENT === 'fetch' ? fetchSender(ready.port, ready.token) : nodeHttpSender(ready.port, ready.token, run.clients);
  const writer = startWriter(ready);
  try {
    // Same seed for every run: the same searches in the same order.
    const pick = zipfPicker(ready.queries.length, 7, ZIPF);
    const cold = await window(child, ready, run, sender, WARMUP_SECONDS, pick, writer.count);
    const warm = await window(child, ready, run, sender, SECONDS, pick, writer.count);
    const writes = await writer.stop();
    for (const [phase, w] of [
      ['cold', cold],
      ['warm', warm],
    ] as const) {
      const tx = w.database.transactions;
      console.log(
        `${run.name} ${phase}: cache ${run.cache ? 'on' : 'off'}, ${run.clients} clients, ${w.requests} requests (${w.throughputPerSecond}/s), p50 ${w.latencyMs.p50} ms, p95 ${w.latencyMs.p95} ms, ${w.errors} errors (statuses ${JSON.stringify(w.statuses)}); database: ${tx} transactions, ${w.database.statementsOutside} other statements; ${w.catalogWrites} catalogue writes; load ${w.loadAverage1mAtStart.toFixed(2)}`,
      );
    }
    console.table({ warm: warm.latencyMs, ...warm.byKind });
    return { run, seedMs: ready.seedMs, distinctQueries: ready.queries.length, writes, cold, warm };
  } finally {
    sender.close();
    await writer.stop();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.send('stop');
    await exited;
  }
}

runBench('bridge-search', async () => {
  console.log(`${existsSync(path.join(DATA_DIR, 'PG_VERSION')) ? 'reusing' : 'seeding'} ${DATA_DIR} …`);
  const names = (process.env.BENCH_RUNS ?? 'cache,nocache').split(',').map((n) => n.trim());
  const record = new BenchRecord('bridge-search');
  const runs = [];
  for (const name of names) {
    const run = RUNS[name];
    if (!run) throw new Error(`unknown run ${name}; use ${Object.keys(RUNS).join(', ')}`);
    const result = await measure(run);
    runs.push(result);
    if (run.cache && result.writes.writes > 0 && result.warm.database.transactions === 0) {
      throw new Error(`${name}: ${result.writes.writes} catalogue writes, yet not one search reached the database`);
    }
    if (!run.checked) continue;
    for (const phase of ['cold', 'warm'] as const) {
      const w = result[phase];
      const what = `search p95, cache ${run.cache ? 'on' : 'off'}, ${run.clients} clients`;
      record.check({
        name: what,
        phase,
        products: PRODUCTS,
        value: round(percentile(w.raw, 95, what), 1),
        target: TARGET_P95_MS,
        unit: 'ms',
        samples: w.requests,
      });
      const errors = `errors, cache ${run.cache ? 'on' : 'off'}`;
      record.check({ name: errors, phase, products: PRODUCTS, value: w.errors, target: 0, unit: 'requests', samples: w.requests });
    }
  }
  Object.assign(record.figures, {
    database: 'pglite',
    pgliteThread: PGLITE_THREAD,
    httpClient: HTTP_CLIENT,
    products: PRODUCTS,
    windows: { coldSeconds: WARMUP_SECONDS, warmSeconds: SECONDS },
    mix: `Zipf (exponent ${ZIPF}) over ${runs[0]?.distinctQueries ?? 0} distinct requests built from the catalogue`,
    catalogWrites: WRITE_EVERY_MS > 0 ? `one price change every ${WRITE_EVERY_MS} ms (PATCH /api/admin/products/:sku)` : 'none',
    runs: runs.map((r) => ({
      ...r,
      cold: { ...r.cold, raw: undefined },
      warm: { ...r.warm, raw: undefined },
    })),
  });
  record.finish();
});
