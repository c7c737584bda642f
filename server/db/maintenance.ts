import type { Db } from './client';

/**
 * Embedded PGlite runs no autovacuum: without this, a table's dead rows (every catalogue change moves its feed
 * row, carts and sessions are rewritten, rate-limit counters are deleted by time) stay for ever, and the
 * planner never gets statistics, or keeps those of a table analysed while it was nearly empty. Reading the
 * whole product feed of a freshly seeded 100,000-product database took 3.1–3.4 s before a `VACUUM ANALYZE` of
 * its two tables and 2.4–2.5 s after (docs/decisions/033-pglite-maintenance.md). On PostgreSQL autovacuum does
 * this work and nothing here runs.
 */

/** How often the bridge on PGlite looks for tables that changed enough to be analysed or vacuumed again. */
export const MAINTENANCE_EVERY_MS = 60_000;

/**
 * PostgreSQL's autovacuum defaults: a table is analysed again once 50 rows plus 10 % of its rows changed since
 * its last analysis, and vacuumed once 50 plus 20 % of its rows are dead, or once 1,000 plus 20 % of its rows
 * were inserted since its last vacuum (a table that only grows still needs its visibility map for index-only
 * scans).
 */
const ANALYZE_BASE = 50;
const ANALYZE_SHARE = 0.1;
const VACUUM_BASE = 50;
const VACUUM_SHARE = 0.2;
const VACUUM_INSERT_BASE = 1_000;
const VACUUM_INSERT_SHARE = 0.2;

export interface MaintenanceRun {
  vacuumed: string[];
  analysed: string[];
}

/**
 * Writes this session's pending row counters into `pg_stat_user_tables` (done at the next statement): a server
 * does it when a session is idle, PGlite's one session never is.
 */
async function flushRowCounters(db: Db): Promise<void> {
  await db.query('select pg_stat_force_next_flush()');
}

/** The tables of the current schema, those never vacuumed nor analysed first. */
async function tables(db: Db, neverOnly: boolean): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind = 'r' ${neverOnly ? 'and c.reltuples < 0' : ''}
     order by c.relname`,
  );
  return rows.map((row) => row.name);
}

/**
 * `VACUUM ANALYZE` of every table of the schema (or only of those never vacuumed nor analysed, such as a
 * freshly seeded or migrated database's, which the bridge does at start), one statement per table so that
 * other queries take turns between them. Returns the tables done; none on PostgreSQL.
 */
export async function vacuumTables(db: Db, options: { neverVacuumedOnly?: boolean } = {}): Promise<string[]> {
  if (db.kind !== 'pglite') return [];
  // Changes counted before the analysis must not be added to its counters afterwards.
  await flushRowCounters(db);
  const names = await tables(db, options.neverVacuumedOnly === true);
  for (const name of names) await db.exec(`vacuum analyze "${name.replaceAll('"', '""')}"`);
  return names;
}

/**
 * On PGlite: the tables of the schema whose rows changed past autovacuum's thresholds since their last analysis
 * (analysed), or whose dead rows or rows inserted since their last vacuum did (vacuumed and analysed), one
 * statement per table. The row counters are
 * PostgreSQL's own (`pg_stat_user_tables`), flushed first: PGlite's single session has no idle time in which
 * they would be. They start again from zero when the database is opened. Nothing on PostgreSQL.
 */
export async function maintainChangedTables(db: Db): Promise<MaintenanceRun> {
  const run: MaintenanceRun = { vacuumed: [], analysed: [] };
  if (db.kind !== 'pglite') return run;
  await flushRowCounters(db);
  const rows = await db.query<{ name: string; tuples: number; modified: number; dead: number; inserted: number }>(
    `select s.relname as name, greatest(c.reltuples, 0)::float8 as tuples, s.n_mod_since_analyze::float8 as modified,
            s.n_dead_tup::float8 as dead, s.n_ins_since_vacuum::float8 as inserted
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     where s.schemaname = current_schema() order by s.relname`,
  );
  for (const row of rows) {
    const tuples = Number(row.tuples);
    const quoted = `"${row.name.replaceAll('"', '""')}"`;
    if (
      Number(row.dead) > VACUUM_BASE + VACUUM_SHARE * tuples ||
      Number(row.inserted) > VACUUM_INSERT_BASE + VACUUM_INSERT_SHARE * tuples
    ) {
      await db.exec(`vacuum analyze ${quoted}`);
      run.vacuumed.push(row.name);
    } else if (Number(row.modified) > ANALYZE_BASE + ANALYZE_SHARE * tuples) {
      await db.exec(`analyze ${quoted}`);
      run.analysed.push(row.name);
    }
  }
  return run;
}

/**
 * On PGlite: every `everyMs`, analyses or vacuums the tables that changed enough (`maintainChangedTables`), one
 * run at a time; a failed run is reported and the next one tried as planned. Returns the stop function (the
 * bridge calls it before closing the database).
 */
export function scheduleMaintenance(
  db: Db,
  report: { done(run: MaintenanceRun, ms: number): void; failed(error: unknown): void },
  everyMs = MAINTENANCE_EVERY_MS,
): () => Promise<void> {
  if (db.kind !== 'pglite') return () => Promise.resolve();
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    const started = performance.now();
    running = maintainChangedTables(db)
      .then((done) => report.done(done, Math.round(performance.now() - started)))
      .catch((error: unknown) => report.failed(error))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
