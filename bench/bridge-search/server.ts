/**
 * Child process of bench/bridge-search.ts: the bridge (app.ts, real HTTP stack) over a seeded PGlite, with
 * its Db wrapped to count what reaches the database in each window the parent names. Configured by the
 * parent through the environment: SEED_PRODUCTS, BENCH_DATA_DIR, BENCH_PGLITE, BENCH_DISTINCT, and
 * SEARCH_CACHE=off for the runs without the answer cache (server/services/search/result-cache.ts).
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { openPglite, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedIfEmpty } from '../../server/seed/seed';
import { openSession } from '../../server/services/session';
import { buildBenchQueries, type BenchQuery } from './mix';

const SECRET = 'bench-secret-that-is-long-enough-for-hmac-0123456789';

/** `token`: a buyer's access token; `adminToken`: an administrator's, for the catalogue writes during the run. */
export type Ready = { port: number; queries: BenchQuery[]; seedMs: number; token: string; adminToken: string; writeSkus: string[] };

/** Database work in one window: search misses are transactions, URL maps and version checks plain statements. */
export type DbCounts = {
  transactions: number;
  statementsInTransactions: number;
  statementsOutside: number;
  /** Wall time from BEGIN to the end of each transaction: the database's own share of a miss. */
  transactionMs: { count: number; p50: number; p95: number; max: number; total: number };
  /** CPU of every thread of the bridge process (HTTP thread and database worker), user + system. */
  bridgeCpuMs: number;
};

function summarise(values: number[]): DbCounts['transactionMs'] {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0) * 10) / 10;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), max: at(1), total: Math.round(values.reduce((a, b) => a + b, 0)) };
}

/** The bridge's Db, counting every transaction and statement while a window is open. */
function countingDb(db: Db, window: { open: boolean; counts: DbCounts; transactionMs: number[] }): Db {
  const inTx: Db['transaction'] = async (fn) => {
    const counted = window.open;
    if (counted) window.counts.transactions += 1;
    const started = performance.now();
    try {
      return await db.transaction((tx) =>
        fn({
          query: (sql, params) => {
            if (window.open) window.counts.statementsInTransactions += 1;
            return tx.query(sql, params);
          },
          exec: (sql) => tx.exec(sql),
        }),
      );
    } finally {
      if (counted) window.transactionMs.push(performance.now() - started);
    }
  };
  return {
    ...db,
    query: (sql, params) => {
      if (window.open) window.counts.statementsOutside += 1;
      return db.query(sql, params);
    },
    transaction: inTx,
  };
}

const emptyCounts = (): DbCounts => ({
  transactions: 0,
  statementsInTransactions: 0,
  statementsOutside: 0,
  transactionMs: summarise([]),
  bridgeCpuMs: 0,
});

async function serve(): Promise<void> {
  const { buildApp } = await import('../../server/app');
  const products = Number(process.env.SEED_PRODUCTS ?? 20_000);
  const dataDir = process.env.BENCH_DATA_DIR ?? `/tmp/bridge-search-bench/products-${products}`;
  mkdirSync(dataDir, { recursive: true });
  // Only this benchmark uses the directory; a pid file left by a killed run would make PGlite wait forever.
  rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
  const db = await openPglite(dataDir, { thread: process.env.BENCH_PGLITE === 'main' ? 'main' : 'worker' });
  await migrate(db);
  const started = Date.now();
  const seeded = await seedIfEmpty(db, { products });
  const seedMs = seeded.seeded ? Date.now() - started : 0;
  const config = loadConfig({
    DATA_DIR: path.join(dataDir, '..', 'bridge-data'),
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    SEED_PRODUCTS: '0',
    // The closed-loop clients stand for many buyers and each sends far more than a buyer's 5 searches a
    // second; the per-customer limit (decision 016) is not what is measured here.
    SEARCH_RATE_PER_SECOND: '100000',
    SEARCH_BURST: '1000000',
  });
  const window = { open: false, counts: emptyCounts(), transactionMs: [] as number[] };
  let cpuAtStart = process.cpuUsage();
  const app = await buildApp({ config, db: countingDb(db, window), logger: false, distDir: path.join(dataDir, 'no-dist') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const queries = await buildBenchQueries(db, Number(process.env.BENCH_DISTINCT ?? 3000));
  await db.query(
    `insert into customers (id, email, firstname, lastname) values ('bench-customer', 'bench@example.gr', 'Bench', 'Customer')
     on conflict do nothing`,
  );
  await db.query(
    `insert into customers (id, email, firstname, lastname, is_admin) values ('bench-admin', 'bench-admin@example.gr', 'Bench', 'Admin', true)
     on conflict do nothing`,
  );
  const { token } = await openSession(db, config, 'bench-customer', Date.now());
  const { token: adminToken } = await openSession(db, config, 'bench-admin', Date.now());
  const skus = await db.query<{ sku: string }>(
    `select sku from products where type_id = 'simple' and parent_sku is null and status in (0, 1) order by md5(sku || 'w') limit 500`,
  );
  process.send?.({ port, queries, seedMs, token, adminToken, writeSkus: skus.map((r) => r.sku) } satisfies Ready);
  process.on('message', (message) => {
    if (message === 'open-window') {
      window.counts = emptyCounts();
      window.transactionMs = [];
      window.open = true;
      cpuAtStart = process.cpuUsage();
      return;
    }
    if (message === 'counts') {
      window.open = false;
      const cpu = process.cpuUsage(cpuAtStart);
      const counts: DbCounts = {
        ...window.counts,
        transactionMs: summarise(window.transactionMs),
        bridgeCpuMs: Math.round((cpu.user + cpu.system) / 1000),
      };
      process.send?.({ counts });
      return;
    }
    if (message !== 'stop') return;
    void app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0));
  });
}

serve().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
