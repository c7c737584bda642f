/**
 * The bridge under load: `npx tsx bench/load.ts` (also `BENCH_ONLY=load npm run bench`).
 *
 * LOAD_BUYERS (default 200) signed-in buyers use the bridge at once for LOAD_SECONDS (default 60, after
 * LOAD_WARMUP_SECONDS, default 15, on the same connections and not counted), driven by autocannon: one
 * keep-alive connection per buyer, each buyer a real account (bench/support/load-setup.ts adds them to the
 * bench database) that signed in through the login endpoint. A buyer's device sends at most LOAD_RATE
 * (default 2) requests a second, one at a time: the storefront reads listings from its local database, so
 * 2 a second is well above what a person causes; autocannon starts each second's requests of every buyer
 * together, so the bridge meets bursts of up to LOAD_BUYERS requests at once. LOAD_RATE=0: as fast as
 * answers come (closed loop; a buyer then searches faster than the per-customer search limit allows, and
 * 429s are the limit working).
 *
 * What a buyer sends (drawn per request from the buyer's own pseudo-random sequence): search 30 % (the
 * search panel's text searches), listing 20 % (a category page: category filter, price sort, facets),
 * url-map 10 % (the URL dispatcher), sync 15 % (the catalogue replication pull at the buyer's checkpoint,
 * collections in turn; every 10th buyer is a new device that pulls the products feed from 0 in pages of
 * 1,000 first), cart-pull 12 % and cart-push 13 % (RxDB's cart line replication: a new line, or the
 * oldest removed once the cart holds 8).
 *
 * Rate limits stay on. Every buyer comes from its own address: the bridge runs with TRUST_PROXY=127.0.0.1
 * and this process plays the reverse proxy on the loopback interface, stating each buyer's address in
 * X-Forwarded-For, as nginx does (server/http/trust-proxy.ts); 200 sign-ins from one address would meet
 * the per-address login limit (30 a minute), which is right for an office behind NAT but not what is measured.
 *
 * Databases (LOAD_DB, default "pglite,postgresql"): PGlite in a data directory under /tmp (kept and reused),
 * and PostgreSQL at BENCH_DATABASE_URL (skipped, and said so, when unset); LOAD_PRODUCTS (default 20,000)
 * products are seeded where the database is empty. Target: no error at all (no 4xx, 5xx, timeout or
 * connection error) and p95 ≤ 1000 ms (the search time limit) on every endpoint. Writes
 * bench/results/load.json; exits 1 when a run has an error or misses the target.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request } from 'autocannon';
import { BenchRecord } from './support/results';
import { LOAD_PASSWORD, prepareLoadDatabase, type LoadBuyer, type LoadCatalog } from './support/load-setup';
import { buyerScript, ENDPOINTS, type Endpoint } from './support/load-script';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const BUYERS = Number(process.env.LOAD_BUYERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/**
 * The measured window is the bridge's steady state. A bridge just started has empty answer caches: on PGlite,
 * which runs one statement at a time, 200 buyers' first searches (about 24 ms each uncached at 20,000
 * products) queue past the 1 s search limit and are answered 503 for the first 6–7 seconds. The warm-up
 * covers that, and its errors are printed and recorded apart (`warmup`), never hidden.
 */
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 15);
const RATE = Number(process.env.LOAD_RATE ?? 2);
const PRODUCTS = Number(process.env.LOAD_PRODUCTS ?? 20_000);
const TARGET_P95_MS = 1000;
const PORTS = { pglite: Number(process.env.LOAD_PORT ?? 8150), postgresql: Number(process.env.LOAD_PORT ?? 8150) + 1 };
const PG_URL = process.env.BENCH_DATABASE_URL;
const DATABASES = (process.env.LOAD_DB ?? 'pglite,postgresql').split(',').map((s) => s.trim()) as Array<'pglite' | 'postgresql'>;
const SECRET = 'load-bench-secret-that-is-long-enough-for-hmac-0123456789';

type Sample = { ms: number[]; statuses: Record<string, number> };

function percentiles(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  return { requests: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? 0 };
}

/** The machine's busy CPU time so far (ms) and a CPU-time reading of one process, from /proc (Linux). */
function machineBusyMs(): number | null {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return ((fields.reduce((a, b) => a + b, 0) - idle) * 1000) / 100;
  } catch {
    return null;
  }
}
function processCpuMs(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** The busiest processes on the machine now (the machine is shared: what else ran during a measure). */
function busiest(): string[] {
  const ps = spawnSync('ps', ['-eo', 'pcpu,etimes,args', '--sort=-pcpu'], { encoding: 'utf8' });
  return (ps.stdout ?? '')
    .split('\n')
    .slice(1, 9)
    .map((line) => line.trim().replace(/\s+/g, ' ').slice(0, 120))
    .filter(Boolean);
}

async function startBridge(database: 'pglite' | 'postgresql', dataDir: string): Promise<ChildProcess> {
  const port = PORTS[database];
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: database === 'postgresql' ? PG_URL : undefined,
    SEED_PRODUCTS: '0',
    // Errors are counted here from the answers; the bridge prints only what stops it.
    LOG_LEVEL: 'fatal',
    JWT_SECRET: SECRET,
    TRUST_PROXY: '127.0.0.1',
  };
  if (!env.DATABASE_URL) delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env });
  for (let waited = 0; waited < 120_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`the bridge exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the bridge did not become healthy within 120 s');
}

async function stopBridge(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const addressOf = (buyer: LoadBuyer): string =>
  `10.${100 + Math.floor(buyer.index / 65_000)}.${Math.floor(buyer.index / 250) % 256}.${(buyer.index % 250) + 1}`;

/** Real sign-ins through the login endpoint, four at a time (password hashing runs two at a time). */
async function signIn(port: number, buyers: LoadBuyer[]): Promise<Map<LoadBuyer, string>> {
  const tokens = new Map<LoadBuyer, string>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < buyers.length) {
      const buyer = buyers[next++] as LoadBuyer;
      const res = await fetch(`http://127.0.0.1:${port}/api/client/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(buyer) },
        body: JSON.stringify({ username: buyer.email, password: LOAD_PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`sign-in of ${buyer.email}: ${res.status} ${await res.text()}`);
      tokens.set(buyer, ((await res.json()) as { result: string }).result);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return tokens;
}

/**
 * One run of LOAD_WARMUP_SECONDS + LOAD_SECONDS on the same connections: answers and errors of the warm-up
 * are not counted, and `measureStarts` is called when the measured window opens. (A warm-up run of its own
 * ended by closing every connection with requests in flight, then opened 200 new ones at once: the
 * measured window began with the bridge still working through the abandoned requests, which no real
 * traffic does.)
 */
async function drive(
  port: number,
  buyers: LoadBuyer[],
  tokens: Map<LoadBuyer, string>,
  catalog: LoadCatalog,
  warmupSeconds: number,
  seconds: number,
  measureStarts: () => void,
) {
  const samples = new Map<Endpoint, Sample>(ENDPOINTS.map((e) => [e, { ms: [], statuses: {} }]));
  let nextBuyer = 0;
  let answered: { endpoint: Endpoint; status: number } | null = null;
  const request: Request = buyerScript({
    catalog,
    takeBuyer: () => {
      const buyer = buyers[nextBuyer++ % buyers.length] as LoadBuyer;
      return { buyer, token: tokens.get(buyer) ?? '', address: addressOf(buyer) };
    },
    answered: (endpoint, status) => {
      answered = { endpoint, status };
    },
  });
  const total = warmupSeconds + seconds;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: buyers.length,
    duration: total,
    pipelining: 1,
    timeout: 10,
    ...(RATE > 0 ? { connectionRate: RATE } : {}),
    // One script per connection, long enough never to wrap (autocannon starts a connection's context afresh
    // when its list wraps) and no longer: every connection deep-clones the list when it is created, and a
    // list of 100,000 held the generator's event loop for about 10 s at the start of a run, long enough for
    // the first connections' 10-second timers to fire before the bridge had seen their requests.
    requests: Array.from({ length: RATE > 0 ? Math.ceil(total * RATE * 1.5) + 10 : 20_000 }, () => request),
  });
  let measuring = warmupSeconds <= 0;
  let started = performance.now();
  if (measuring) measureStarts();
  const opening = measuring
    ? null
    : setTimeout(() => {
        measuring = true;
        started = performance.now();
        measureStarts();
      }, warmupSeconds * 1000);
  // When answers and timeouts happened, per second of the measured window: a stall shows as seconds without answers.
  const timeline: Array<{ answers: number; worstMs: number; timeouts: number }> = [];
  const secondOf = () => (timeline[Math.floor((performance.now() - started) / 1000)] ??= { answers: 0, worstMs: 0, timeouts: 0 });
  const failures = { errors: 0, timeouts: 0 };
  // The warm-up's errors (HTTP and connection) and the last second of it that had one: the cold bridge, reported apart.
  const warmup = { errors: 0, lastErrorSecond: null as number | null };
  const runStarted = performance.now();
  const warmupError = () => {
    warmup.errors++;
    warmup.lastErrorSecond = Math.floor((performance.now() - runStarted) / 1000);
  };
  instance.on('reqError', (error: Error) => {
    if (!measuring) return warmupError();
    failures.errors++;
    if (error.message.includes('timed out')) {
      failures.timeouts++;
      secondOf().timeouts++;
    }
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    const last = answered as { endpoint: Endpoint; status: number } | null;
    answered = null;
    if (!measuring) {
      if (status < 200 || status > 299) warmupError();
      return;
    }
    const second = secondOf();
    second.answers++;
    second.worstMs = Math.max(second.worstMs, Math.round(ms));
    if (!last) return;
    const sample = samples.get(last.endpoint);
    if (sample) {
      sample.ms.push(ms);
      sample.statuses[String(status)] = (sample.statuses[String(status)] ?? 0) + 1;
    }
  });
  await instance;
  if (opening) clearTimeout(opening);
  return { failures, warmup, samples, timeline: Array.from(timeline, (s) => s ?? { answers: 0, worstMs: 0, timeouts: 0 }) };
}

async function measure(database: 'pglite' | 'postgresql') {
  const dataDir = `/tmp/load-bench/${database}-${PRODUCTS}`;
  mkdirSync(dataDir, { recursive: true });
  console.log(`\n== ${database}: preparing ${database === 'postgresql' ? PG_URL : dataDir} (${PRODUCTS} products, ${BUYERS} buyers) …`);
  const { buyers, catalog, seedMs } = await prepareLoadDatabase(
    database === 'postgresql' ? { databaseUrl: PG_URL } : { dataDir: path.join(dataDir, 'pglite') },
    PRODUCTS,
    BUYERS,
  );
  const child = await startBridge(database, dataDir);
  try {
    const port = PORTS[database];
    const signInStarted = performance.now();
    const tokens = await signIn(port, buyers);
    const signInMs = Math.round(performance.now() - signInStarted);
    console.log(`${buyers.length} buyers signed in in ${signInMs} ms; warm-up ${WARMUP_SECONDS} s, then ${SECONDS} s measured …`);
    let load1m = 0;
    let busiestAtStart: string[] = [];
    let busyAtStart: number | null = null;
    let bridgeAtStart: number | null = null;
    let selfAtStart = process.cpuUsage();
    let started = performance.now();
    const { failures, warmup, samples, timeline } = await drive(port, buyers, tokens, catalog, WARMUP_SECONDS, SECONDS, () => {
      load1m = loadavg()[0] ?? 0;
      busiestAtStart = busiest();
      busyAtStart = machineBusyMs();
      bridgeAtStart = processCpuMs(child.pid);
      selfAtStart = process.cpuUsage();
      started = performance.now();
      console.log(`measuring ${SECONDS} s (load average ${load1m.toFixed(2)}) …`);
    });
    const elapsedMs = performance.now() - started;
    const self = process.cpuUsage(selfAtStart);
    const generatorMs = (self.user + self.system) / 1000;
    const bridgeMs = (processCpuMs(child.pid) ?? 0) - (bridgeAtStart ?? 0);
    const busyMs = (machineBusyMs() ?? 0) - (busyAtStart ?? 0);
    const endpoints = Object.fromEntries(
      [...samples.entries()].map(([endpoint, sample]) => {
        const errors = Object.entries(sample.statuses)
          .filter(([status]) => !status.startsWith('2'))
          .reduce((sum, [, n]) => sum + n, 0);
        return [endpoint, { ...percentiles(sample.ms), errors, statuses: sample.statuses }];
      }),
    );
    const all = percentiles([...samples.values()].flatMap((s) => s.ms));
    const httpErrors = Object.values(endpoints).reduce((sum, e) => sum + e.errors, 0);
    const errors = httpErrors + failures.errors;
    const worstP95 = Math.max(...Object.values(endpoints).map((e) => e.p95));
    const report = {
      database,
      buyers: buyers.length,
      seconds: SECONDS,
      ratePerBuyer: RATE || 'closed loop',
      requests: all.requests,
      throughputPerSecond: Math.round(all.requests / (elapsedMs / 1000)),
      errors,
      httpErrors,
      connectionErrors: failures.errors,
      warmup: { seconds: WARMUP_SECONDS, ...warmup },
      timeouts: failures.timeouts,
      all,
      endpoints,
      worstP95,
      timeline,
      met: errors === 0 && worstP95 <= TARGET_P95_MS,
      seedAndPrepareMs: seedMs,
      signInMs,
      machine: {
        loadAverage1mAtStart: Math.round(load1m * 100) / 100,
        loadAverage1mAtEnd: Math.round((loadavg()[0] ?? 0) * 100) / 100,
        bridgeCores: Math.round((bridgeMs / elapsedMs) * 100) / 100,
        /** The bridge's CPU time per answered request: what the answers cost, whatever the machine's load. */
        bridgeCpuMsPerRequest: Math.round((bridgeMs / Math.max(1, all.requests)) * 100) / 100,
        loadGeneratorCores: Math.round((generatorMs / elapsedMs) * 100) / 100,
        // Everything else on the machine in the window (PostgreSQL's own processes count here).
        busiestAtStart,
        busiestAtEnd: busiest(),
        otherCores: busyAtStart === null ? null : Math.round(((busyMs - bridgeMs - generatorMs) / elapsedMs) * 100) / 100,
      },
    };
    console.log(
      `warm-up: ${warmup.errors} errors in ${WARMUP_SECONDS} s${warmup.lastErrorSecond === null ? '' : `, the last in second ${warmup.lastErrorSecond}`}`,
    );
    console.log(
      `${database}: ${report.requests} requests (${report.throughputPerSecond}/s), ${errors} errors (${failures.timeouts} timeouts), p95 worst ${worstP95} ms; bridge ${report.machine.bridgeCores} cores, generator ${report.machine.loadGeneratorCores}, other ${report.machine.otherCores}`,
    );
    const stalls = timeline.map((s, i) => ({ second: i, ...s })).filter((s) => s.timeouts > 0 || s.worstMs > TARGET_P95_MS);
    if (stalls.length > 0) console.log(`seconds with timeouts or answers over ${TARGET_P95_MS} ms:`, JSON.stringify(stalls));
    console.table({
      all,
      ...Object.fromEntries(Object.entries(endpoints).map(([k, v]) => [k, { ...v, statuses: JSON.stringify(v.statuses) }])),
    });
    return report;
  } finally {
    await stopBridge(child);
  }
}

/**
 * The record of the runs so far: one check of the errors and one of the p95 per endpoint and database
 * (bench/support/results.ts); a database not measured is a check without samples, so it is reported as
 * missed, never as met. Written after every run, so a run that is cut short still leaves what was measured.
 */
function reportOf(runs: Array<Awaited<ReturnType<typeof measure>>>, skipped: string[]): BenchRecord {
  const record = new BenchRecord('load');
  Object.assign(record.figures, { products: PRODUCTS, runs });
  for (const run of runs) {
    const name = `${run.database}, ${BUYERS} buyers for ${SECONDS} s`;
    record.check({ name: `${name}: errors`, phase: 'all', value: run.errors, target: 0, unit: 'errors', samples: run.requests });
    for (const [endpoint, figures] of Object.entries(run.endpoints)) {
      record.check({
        name: `${name}: ${endpoint} p95`,
        phase: 'all',
        value: figures.p95,
        target: TARGET_P95_MS,
        unit: 'ms',
        samples: figures.requests,
      });
    }
  }
  for (const reason of skipped) record.check({ name: reason, phase: 'all', value: Number.NaN, target: 0, unit: 'errors', samples: 0 });
  return record;
}

async function main(): Promise<void> {
  const runs = [];
  const skipped: string[] = [];
  for (const database of DATABASES) {
    if (database === 'postgresql' && !PG_URL) {
      console.log('\n== postgresql: skipped, BENCH_DATABASE_URL is not set (postgres://…/a_database_of_its_own)');
      skipped.push('postgresql: BENCH_DATABASE_URL not set');
      continue;
    }
    runs.push(await measure(database));
    reportOf(runs, skipped).write();
  }
  reportOf(runs, skipped).finish();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
