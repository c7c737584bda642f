import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite } from '../../server/db/client';
import { maintainChangedTables, scheduleMaintenance, vacuumTables, type MaintenanceRun } from '../../server/db/maintenance';
import { freePort, startBridgeProcess, stopBridgeProcess } from './helpers/bridge-process';
import { openTestDb, testDbKind, type TestDb } from './helpers/test-db';

/**
 * Embedded PGlite runs no autovacuum, so the bridge vacuums its tables itself (server/db/maintenance.ts):
 * those never vacuumed at start, and those whose rows changed past autovacuum's thresholds while it runs. On
 * PostgreSQL autovacuum does it and the bridge leaves it alone.
 */
let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.dispose();
});

/** Tables of the schema whose row count the planner has never been given (never vacuumed nor analysed). */
async function neverVacuumed(q: Pick<TestDb, 'query'>): Promise<string[]> {
  const rows = await q.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind = 'r' and c.reltuples < 0 order by 1`,
  );
  return rows.map((r) => r.name);
}

describe.runIf(testDbKind() === 'pglite')('on embedded PGlite', () => {
  it('vacuums and analyses the tables never vacuumed, and only those the second time', async () => {
    await db.query(
      `insert into catalog_feed (feed, doc_key, seq) select 'products', 'VAC-' || g, 9000000 + g from generate_series(1, 500) g`,
    );
    expect(await neverVacuumed(db)).toContain('catalog_feed');
    const done = await vacuumTables(db, { neverVacuumedOnly: true });
    expect(done).toContain('catalog_feed');
    expect(await neverVacuumed(db)).toEqual([]);
    const [feed] = await db.query<{ reltuples: number }>(`select reltuples from pg_class where relname = 'catalog_feed'`);
    expect(Number(feed?.reltuples)).toBe(500);
    expect(await vacuumTables(db, { neverVacuumedOnly: true })).toEqual([]);
    // Without the option: every table of the schema, also those analysed before (the search's).
    const all = await vacuumTables(db);
    expect(all).toEqual(expect.arrayContaining(done));
    expect(all.length).toBeGreaterThan(done.length);
  });

  it('analyses a table once enough of its rows changed since its last analysis, and vacuums one with enough rows inserted or dead', async () => {
    await vacuumTables(db);
    const rowsOf = async () =>
      Number((await db.query<{ reltuples: number }>(`select reltuples from pg_class where relname = 'catalog_feed'`))[0]?.reltuples);
    const rows = await rowsOf();
    expect(await maintainChangedTables(db)).toEqual({ vacuumed: [], analysed: [] });
    // Analysed while holding `rows` rows: 50 + 10 % of them may change before it is due again.
    const below = 50 + Math.floor(rows * 0.1) - 5;
    await db.query(
      `insert into catalog_feed (feed, doc_key, seq) select 'products', 'VAC-MORE-' || g, 9100000 + g from generate_series(1, $1::int) g`,
      [below],
    );
    expect(await maintainChangedTables(db)).toEqual({ vacuumed: [], analysed: [] });
    // Past 50 + 10 % changed rows, not past 1,000 + 20 % inserted ones: analysed only.
    const some = Math.max(60 + Math.floor(rows * 0.1), 150);
    await db.query(
      `insert into catalog_feed (feed, doc_key, seq) select 'products', 'VAC-SOME-' || g, 9150000 + g from generate_series(1, $1::int) g`,
      [some],
    );
    expect(await maintainChangedTables(db)).toEqual({ vacuumed: [], analysed: ['catalog_feed'] });
    // 3,000 rows inserted since the last vacuum, past 1,000 + 20 %: vacuumed (and analysed), as a table that only
    // grows needs for its visibility map.
    await db.query(
      `insert into catalog_feed (feed, doc_key, seq) select 'products', 'VAC-MANY-' || g, 9200000 + g from generate_series(1, 3000) g`,
    );
    expect(await maintainChangedTables(db)).toEqual({ vacuumed: ['catalog_feed'], analysed: [] });
    expect(await rowsOf()).toBe(rows + below + some + 3000);
    expect(await maintainChangedTables(db)).toEqual({ vacuumed: [], analysed: [] });
    // 3,000 rows deleted: dead rows past 50 + 20 %.
    await db.query(`delete from catalog_feed where doc_key like 'VAC-MANY-%'`);
    expect(await maintainChangedTables(db)).toEqual({ vacuumed: ['catalog_feed'], analysed: [] });
    expect(await rowsOf()).toBe(rows + below + some);
  });

  it('looks for changed tables on schedule, one run at a time, and stops when told', async () => {
    const runs: MaintenanceRun[] = [];
    const failed = vi.fn();
    await db.query(
      `insert into catalog_feed (feed, doc_key, seq) select 'products', 'VAC-SCHED-' || g, 9300000 + g from generate_series(1, 400) g`,
    );
    const stop = scheduleMaintenance(db, { done: (run) => runs.push(run), failed }, 30);
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    await stop();
    const after = runs.length;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(runs.length).toBe(after);
    expect(runs[0]?.analysed).toContain('catalog_feed');
    expect(runs[1]).toEqual({ vacuumed: [], analysed: [] });
    expect(failed).not.toHaveBeenCalled();
  });

  it('a bridge starting on a new data directory vacuums the tables its migrations and seed made', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bridge-vacuum-'));
    try {
      const bridge = startBridgeProcess({ dataDir, port: await freePort(), env: { SEED_PRODUCTS: '200', LOG_LEVEL: 'info' } });
      try {
        await bridge.waitHealthy(120_000);
        expect(bridge.output()).toContain('tables vacuumed');
      } finally {
        expect(await stopBridgeProcess(bridge)).toBe(0);
      }
      const reopened = await openPglite(path.join(dataDir, 'pglite'), { thread: 'main' });
      try {
        expect(await neverVacuumed(reopened)).toEqual([]);
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe.runIf(testDbKind() === 'postgresql')('on PostgreSQL', () => {
  it('leaves vacuuming to autovacuum', async () => {
    expect(await vacuumTables(db)).toEqual([]);
    expect(await maintainChangedTables(db)).toEqual({ vacuumed: [], analysed: [] });
    const done = vi.fn();
    const stop = scheduleMaintenance(db, { done, failed: done }, 10);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await stop();
    expect(done).not.toHaveBeenCalled();
  });
});
