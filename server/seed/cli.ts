import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { openDb } from '../db/client';
import { loadConfig } from '../config';
import { lockDataDir, type DataDirLock } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { seedIfEmpty } from './seed';

/**
 * `npm run seed`: migrates and seeds the bridge's database if it is empty, with the bridge's own
 * configuration (loadConfig: DATABASE_URL, or PGlite in DATA_DIR/pglite; SEED_PRODUCTS, where 0 seeds
 * nothing, as at `npm start`).
 */
async function main(): Promise<void> {
  const { seedProducts: products, dataDir, databaseUrl } = loadConfig();
  if (products === 0) {
    console.log('SEED_PRODUCTS=0: nothing to seed.');
    return;
  }
  let lock: DataDirLock | undefined;
  if (!databaseUrl) {
    await mkdir(path.join(dataDir, 'pglite'), { recursive: true });
    // A running bridge holds the same lock: seeding under it would write to a copy it never sees.
    lock = lockDataDir(path.resolve(dataDir));
  }
  const db = await openDb({ databaseUrl, dataDir: path.join(dataDir, 'pglite') });
  try {
    await migrate(db);
    const started = Date.now();
    const result = await seedIfEmpty(db, { products, dataDir });
    const where = databaseUrl ? 'PostgreSQL' : path.join(dataDir, 'pglite');
    if (!result.seeded || !result.counts) {
      console.log(`Database at ${where} already holds a catalogue; nothing seeded.`);
      return;
    }
    const summary = Object.entries(result.counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(`Seeded ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary}.`);
  } finally {
    await db.close();
    lock?.release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
