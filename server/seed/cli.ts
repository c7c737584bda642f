import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { openDb } from '../db/client';
import { lockDataDir, type DataDirLock } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { seedIfEmpty } from './seed';

/** `npm run seed`: DATABASE_URL, or PGlite in DATA_DIR/pglite (default ./data); SEED_PRODUCTS (default 3000). */
class SeedCliError extends Error {
  readonly code = 'SEED_BAD_ENV';
}

function productCount(): number {
  const raw = process.env.SEED_PRODUCTS ?? '3000';
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new SeedCliError(`SEED_PRODUCTS must be a positive integer, got "${raw}"`);
  return value;
}

async function main(): Promise<void> {
  const products = productCount();
  const dataDir = process.env.DATA_DIR ?? './data';
  const databaseUrl = process.env.DATABASE_URL || undefined;
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
