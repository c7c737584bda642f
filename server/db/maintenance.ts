import type { Db } from './client';

/**
 * Embedded PGlite runs no autovacuum: without this, a table's dead rows (every catalogue change moves its feed
 * row, carts and sessions are rewritten, rate-limit counters are deleted by time) stay for ever, and the
 * planner never gets statistics. Reading the whole product feed of a freshly seeded 100,000-product database
 * took 3.1–3.4 s before a `VACUUM ANALYZE` of its two tables and 2.4–2.5 s after (decision 033). On PostgreSQL
 * autovacuum does this work and nothing here runs.
 */

/** How often the tables are vacuumed while the bridge runs on PGlite. */
export const MAINTENANCE_EVERY_MS = 30 * 60_000;

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
 * freshly seeded or migrated database's), one statement per table so that other queries take turns between
 * them. Returns the tables done; none on PostgreSQL.
 */
export async function vacuumTables(db: Db, options: { neverVacuumedOnly?: boolean } = {}): Promise<string[]> {
  if (db.kind !== 'pglite') return [];
  const names = await tables(db, options.neverVacuumedOnly === true);
  for (const name of names) await db.exec(`vacuum analyze "${name.replaceAll('"', '""')}"`);
  return names;
}

/**
 * On PGlite: vacuums every table every `everyMs`, one run at a time; a failed run is reported and the next
 * one tried as planned. Returns the stop function (the bridge calls it before closing the database).
 */
export function scheduleMaintenance(
  db: Db,
  report: { done(tables: string[], ms: number): void; failed(error: unknown): void },
  everyMs = MAINTENANCE_EVERY_MS,
): () => Promise<void> {
  if (db.kind !== 'pglite') return () => Promise.resolve();
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    const started = performance.now();
    running = vacuumTables(db)
      .then((names) => report.done(names, Math.round(performance.now() - started)))
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
