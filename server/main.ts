import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDb } from './db/client';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './seed/seed';

/** `npm run serve`: config, database, migrations, demo seed, listen; closes cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl) mkdirSync(pgliteDir, { recursive: true });
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: pgliteDir });
  const app = await buildApp({ config, db });
  const applied = await migrate(db);
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  if (config.seedProducts > 0) {
    const seeded = await seedIfEmpty(db, { products: config.seedProducts, dataDir: config.dataDir });
    app.log.info({ seeded: seeded.seeded }, seeded.seeded ? 'demo data seeded' : 'database already has data; seed skipped');
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: db.kind, publicUrl: config.publicUrl }, 'bridge ready');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
