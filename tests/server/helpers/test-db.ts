import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Db } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';

/**
 * The database a server test file runs on. `npm run test:server` runs the suite on in-memory PGlite, then
 * (when TEST_DATABASE_URL is set) again with TEST_DB=postgresql, where every file gets its own schema so
 * files and parallel runs never see each other's rows.
 */
export type TestDb = Db & { schema: string | undefined; dispose(): Promise<void> };

export function testDbKind(): 'pglite' | 'postgresql' {
  return process.env.TEST_DB === 'postgresql' && process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';
}

/** Extensions live in `public` once per database; creating them inside a per-file schema would drop them with it. */
async function ensureSharedExtensions(admin: pg.Client): Promise<void> {
  for (const ext of ['pg_trgm', 'unaccent']) {
    try {
      await admin.query(`create extension if not exists ${ext} schema public`);
    } catch (error) {
      // Two files starting at once can race on the catalog; the loser finds the extension there.
      const exists = await admin.query('select 1 from pg_extension where extname = $1', [ext]);
      if (exists.rowCount === 0) throw error;
    }
  }
}

function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema},public`);
  return u.toString();
}

async function openPostgresTestDb(url: string): Promise<TestDb> {
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await ensureSharedExtensions(admin);
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const db = await openPostgres(withSearchPath(url, schema));
  return {
    ...db,
    schema,
    async dispose() {
      await db.close();
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      try {
        await cleaner.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await cleaner.end();
      }
    },
  };
}

/** A migrated, empty database for one test file. Call `dispose()` in afterAll. */
export async function openTestDb(): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  let db: TestDb;
  if (testDbKind() === 'postgresql' && url) {
    db = await openPostgresTestDb(url);
  } else {
    const template = inject('pgliteTemplate') || undefined;
    const pglite = await openPglite(undefined, { template });
    db = { ...pglite, schema: undefined, dispose: () => pglite.close() };
  }
  await migrate(db);
  return db;
}
