/**
 * How long one abusive search keeps the database busy: `npx tsx bench/search-abuse.ts`.
 *
 * Seeds SEED_PRODUCTS (default 20,000) products into a PGlite data directory under /tmp (kept and reused),
 * starts the bridge (app.ts, real HTTP stack, PGlite on its worker) on a real port in this process, then
 * for each scenario sends the search(es) over HTTP and, 100 ms later, `GET /api/health` (one `select 1`,
 * which queues behind whatever the database is doing). Reported per scenario: the searches' statuses and
 * times, the health check's time, how many search transactions reached the database, and when the last of
 * them ended (searches whose requests were answered 503 may still run after). Scenarios (ABUSE_SCENARIOS, default all):
 * - `attack`: the reported attack, one search with 300 range aggregations of 20 ranges over every
 *   listable product (no text, no filter).
 * - `attack-burst`: 8 such searches at once, each distinct (so the answer cache cannot share them).
 * - `worst-allowed`: the most expensive search the contract's bounds still accept (see WORST below).
 * - `worst-burst`: 8 distinct worst-allowed searches at once.
 * - `worst-text`, `worst-text-burst`: the same with a text of 8 short common word prefixes.
 * - `typing`: what the storefront sends, a text search of size 20, for comparison.
 * - `listing`: every listable product, first page of 50, one category aggregation (a category page).
 * Also reports whether PGlite honours statement_timeout (it does not: there is no timer signal in WASM).
 * Writes bench/results/search-abuse.json. It measures; it never fails.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openPglite, type Db } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { seedIfEmpty } from '../server/seed/seed';
import { openSession } from '../server/services/session';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PRODUCTS = Number(process.env.SEED_PRODUCTS ?? 20_000);
const DATA_DIR = process.env.ABUSE_DATA_DIR ?? `/tmp/search-abuse-bench/products-${PRODUCTS}`;
const SECRET = 'abuse-bench-secret-that-is-long-enough-0123456789';
const BURST = 8;

type Body = Record<string, unknown>;

/** The reported attack: hundreds of aggregations, each many ranges, over the whole catalogue. */
function attack(variant: number): Body {
  const ranges = Array.from({ length: 20 }, (_, i) => ({ from: i * 5, to: i * 5 + 5 + variant }));
  const aggregations: Record<string, unknown> = {};
  for (let i = 0; i < 300; i += 1) aggregations[`a${i}`] = { range: { field: 'price', ranges } };
  return { size: 0, aggregations };
}

/**
 * The most expensive search the bounds accept, as far as we found by trying: every listable product
 * matched, the largest product page at the deepest offset the window allows, sorted on a column without
 * an index, the most aggregations allowed, each the costliest kind allowed (terms with the most buckets on
 * the facet fields, the category array among them; ranges with the most ranges), and many include paths. `variant` keeps bursts distinct.
 */
function worstAllowed(variant: number): Body {
  const aggregations: Record<string, unknown> = {};
  const rangeList = Array.from({ length: 10 }, (_, i) => ({ from: i * 10 + variant, to: i * 10 + 10 }));
  const termFields = ['category_ids', 'supplier_id', 'manufacturer', 'measurement_unit', 'type_id'];
  for (let i = 0; i < 10; i += 1) {
    aggregations[`a${i}`] =
      i < termFields.length
        ? { terms: { field: termFields[i], size: 999 } }
        : { range: { field: i % 2 ? 'price' : 'original_price', ranges: rangeList } };
  }
  return {
    size: 2000,
    from: 8000,
    sort: ['updated_at:desc', 'original_price:asc', 'barcode:asc'],
    includeFields: Array.from({ length: 50 }, (_, i) => `field_${i}.sub_${variant}`),
    aggregations,
  };
}

/** The same with a text of 8 short, common word prefixes: every product a candidate, each scored 8 times. */
function worstAllowedText(variant: number): Body {
  const words = ['κα', 'πα', 'σε', 'μα', 'χα', 'λα', 'τα', 'πο'];
  return { ...worstAllowed(variant), query: { text: `${words.join(' ')} ${'α'.repeat(variant)}`.trim() } };
}

const typing = (variant: number): Body => ({ query: { text: ['καφές', 'λάδι', 'χαρτί', 'σαπούνι'][variant % 4] }, size: 20 });
/** A category page's listing of every product (first page, default sort): the baseline, and it warms the cache. */
const listing = (): Body => ({ size: 50, aggregations: { c: { terms: { field: 'category_ids' } } } });

type Shot = { status: number; ms: number; bytes: number };

async function post(port: number, token: string, body: Body): Promise<Shot> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api/catalog/product/_search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { status: res.status, ms: Math.round(performance.now() - started), bytes };
}

async function health(port: number): Promise<Shot> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api/health`);
  const bytes = (await res.arrayBuffer()).byteLength;
  return { status: res.status, ms: Math.round(performance.now() - started), bytes };
}

/** Counts the search transactions that reached the database and when the last one ended. */
type Activity = { started: number; active: number; lastEnd: number };

function countingDb(db: Db, activity: Activity): Db {
  return {
    ...db,
    transaction: async (fn) => {
      activity.started += 1;
      activity.active += 1;
      try {
        return await db.transaction(fn);
      } finally {
        activity.active -= 1;
        activity.lastEnd = performance.now();
      }
    },
  };
}

/** Waits until no search transaction has run for 500 ms (abandoned searches may still be queued). */
async function quiet(activity: Activity): Promise<void> {
  let seen = -1;
  while (activity.active > 0 || activity.started !== seen) {
    seen = activity.started;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function scenario(port: number, db: Db, activity: Activity, name: string, bodies: Body[]) {
  // Each scenario from a quiet database, with its own customer (a per-customer rate limit starts full).
  await quiet(activity);
  const before = activity.started;
  const customer = `abuse-${name}-${Date.now()}`;
  await db.query(`insert into customers (id, email, firstname, lastname) values ($1, $2, 'Bench', 'Abuse')`, [
    customer,
    `${customer}@example.gr`,
  ]);
  const { token } = await openSession(db, { jwtSecret: SECRET, accessTokenTtlSeconds: 900 }, customer, Date.now());
  const started = performance.now();
  const searches = Promise.all(bodies.map((b) => post(port, token, b)));
  await new Promise((resolve) => setTimeout(resolve, 100));
  const check = health(port);
  const answers = await searches;
  const answeredAt = performance.now();
  const healthShot = await check;
  await quiet(activity);
  const idleMs = activity.started > before ? Math.round(activity.lastEnd - started) : Math.round(answeredAt - started);
  const statuses = [...new Set(answers.map((a) => a.status))].join(',');
  const result = {
    scenario: name,
    requests: bodies.length,
    statuses,
    slowestSearchMs: Math.max(...answers.map((a) => a.ms)),
    responseBytes: Math.max(...answers.map((a) => a.bytes)),
    healthMs: healthShot.ms,
    healthStatus: healthShot.status,
    searchTransactions: activity.started - before,
    databaseBusyAfterAnswerMs: Math.max(0, idleMs - Math.round(answeredAt - started)),
    lastSearchEndedAfterMs: idleMs,
  };
  console.log(JSON.stringify(result));
  return result;
}

/** PGlite has no timer signals in WebAssembly: does statement_timeout cancel anything? */
async function statementTimeoutHonoured(db: Db): Promise<{ honoured: boolean; ms: number }> {
  const started = performance.now();
  try {
    await db.transaction(async (tx) => {
      await tx.query(`select set_config('statement_timeout', '50', true)`);
      await tx.query('select pg_sleep(0.5)');
    });
    return { honoured: false, ms: Math.round(performance.now() - started) };
  } catch {
    return { honoured: true, ms: Math.round(performance.now() - started) };
  }
}

const SCENARIOS: Record<string, () => Body[]> = {
  typing: () => [typing(0)],
  listing: () => [listing()],
  attack: () => [attack(0)],
  'attack-burst': () => Array.from({ length: BURST }, (_, i) => attack(i + 1)),
  'worst-allowed': () => [worstAllowed(0)],
  'worst-burst': () => Array.from({ length: BURST }, (_, i) => worstAllowed(i + 1)),
  'worst-text': () => [worstAllowedText(0)],
  'worst-text-burst': () => Array.from({ length: BURST }, (_, i) => worstAllowedText(i + 1)),
};

async function main(): Promise<void> {
  mkdirSync(DATA_DIR, { recursive: true });
  rmSync(path.join(DATA_DIR, 'postmaster.pid'), { force: true });
  const db = await openPglite(DATA_DIR);
  await migrate(db);
  const seeded = await seedIfEmpty(db, { products: PRODUCTS });
  if (seeded.seeded) console.log(`seeded ${PRODUCTS} products into ${DATA_DIR}`);
  await db.exec('analyze products; analyze categories; analyze search_words');
  const config = loadConfig({
    DATA_DIR: path.join(DATA_DIR, '..', 'bridge-data'),
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    SEED_PRODUCTS: '0',
  });
  const activity: Activity = { started: 0, active: 0, lastEnd: 0 };
  const app = await buildApp({ config, db: countingDb(db, activity), logger: false, distDir: path.join(DATA_DIR, 'no-dist') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const timeout = await statementTimeoutHonoured(db);
  console.log(`PGlite statement_timeout honoured: ${timeout.honoured} (pg_sleep(0.5) under a 50 ms timeout took ${timeout.ms} ms)`);
  const names = (process.env.ABUSE_SCENARIOS ?? Object.keys(SCENARIOS).join(',')).split(',').map((s) => s.trim());
  const results = [];
  const load = loadavg()[0] ?? 0;
  for (const name of names) {
    const make = SCENARIOS[name];
    if (!make) throw new Error(`unknown scenario ${name}; use ${Object.keys(SCENARIOS).join(', ')}`);
    results.push(await scenario(port, db, activity, name, make()));
  }
  const out = path.join(HERE, 'results', 'search-abuse.json');
  mkdirSync(path.dirname(out), { recursive: true });
  const report = { when: new Date().toISOString(), products: PRODUCTS, cpus: cpus().length, loadAverage1m: load, timeout, results };
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  await app.close();
  await db.close();
}

await main();
