import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { openPgliteWorker, type PgliteWorkerOptions } from './pglite-thread';

/**
 * One small interface over PGlite (embedded default) and node-postgres (DATABASE_URL). Same SQL on both;
 * parameters are positional ($1, $2, …).
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs several statements separated by semicolons, without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgresql';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PGlite only: LISTEN on a channel in the same (single) connection. PostgreSQL needs a dedicated
   * connection for LISTEN instead (see server/services/change-feed/notifier.ts).
   */
  listen?(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite in this thread only: its data directory as an uncompressed tar (the test suite's template). */
  dump?(): Promise<Blob>;
}

export type DbOptions = { databaseUrl?: string | undefined; dataDir?: string | undefined; onFatal?: PgliteWorkerOptions['onFatal'] };

export async function openDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, { onFatal: options.onFatal });
}

export type PgliteOptions = {
  /**
   * 'worker' (default): PGlite runs on its own thread, so a query never blocks the HTTP thread
   * (docs/decisions/012-pglite-worker.md). 'main': in this thread, as PGlite is normally used; kept for
   * comparison (the benchmark's BENCH_PGLITE=main) and for code that needs the PGlite object itself.
   */
  thread?: 'worker' | 'main';
} & PgliteWorkerOptions;

/** `dataDir` undefined keeps the database in memory (tests). */
export async function openPglite(dataDir: string | undefined, options: PgliteOptions = {}): Promise<Db> {
  return options.thread === 'main'
    ? openPgliteInThisThread(dataDir)
    : openPgliteWorker(dataDir, { onFatal: options.onFatal, template: options.template });
}

async function openPgliteInThisThread(dataDir: string | undefined): Promise<Db> {
  const db = await PGlite.create(dataDir ? { dataDir, extensions: { pg_trgm, unaccent } } : { extensions: { pg_trgm, unaccent } });
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const res = await q.query<T>(sql, params as unknown[]);
      return res.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(db);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
    listen: (channel, callback) => db.listen(channel, callback),
    dump: () => db.dumpDataDir('none'),
  };
}

export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // Fail fast on a wrong URL instead of at the first request.
  await pool.query('select 1');
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const res = await q.query(sql, params as unknown[]);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  return {
    kind: 'postgresql',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
