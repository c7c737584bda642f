import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { openDb, type Db } from './db/client';
import { lockDataDir, type DataDirLock } from './db/data-dir-lock';
import { scheduleMaintenance, vacuumTables } from './db/maintenance';
import { storeUnbuiltFeedDocuments } from './services/change-feed/feed-reader';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './seed/seed';

export type RunningBridge = { app: FastifyInstance; db: Db; config: Config };

/**
 * Everything `npm run serve` does: lock DATA_DIR (embedded PGlite only), open the database, build the app,
 * migrate, seed the demo data, vacuum what was never vacuumed, build the feed documents pulls would otherwise
 * build, listen; close cleanly on SIGINT/SIGTERM. If the database thread dies, the
 * process exits with status 1 so that a supervisor (systemd, Docker, Kubernetes) starts a fresh one.
 */
export async function startBridge(config: Config): Promise<RunningBridge> {
  let lock: DataDirLock | undefined;
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl) {
    mkdirSync(pgliteDir, { recursive: true });
    lock = lockDataDir(config.dataDir);
  }
  // The app (and its logger) is built after the database opens; until then a fatal error goes to stderr.
  const built: { app?: FastifyInstance } = {};
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: pgliteDir,
    onFatal: (error) => {
      const message = 'the database thread stopped; exiting so that a supervisor restarts the bridge';
      if (built.app) built.app.log.fatal({ err: error }, message);
      else console.error(`${message}: ${error.message}`);
      lock?.release();
      process.exit(1);
    },
  });
  const app = await buildApp({ config, db });
  built.app = app;
  const applied = await migrate(db);
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  if (config.seedProducts > 0) {
    const seeded = await seedIfEmpty(db, { products: config.seedProducts, dataDir: config.dataDir });
    app.log.info({ seeded: seeded.seeded }, seeded.seeded ? 'demo data seeded' : 'database already has data; seed skipped');
  }
  // Embedded PGlite has no autovacuum (server/db/maintenance.ts): a seeded or migrated table that was never
  // vacuumed is done before the first request, and while the bridge runs, a table is analysed or vacuumed once
  // enough of its rows changed (looked at every minute).
  const started = performance.now();
  const vacuumed = await vacuumTables(db, { neverVacuumedOnly: true });
  if (vacuumed.length > 0) app.log.info({ tables: vacuumed.length, ms: Math.round(performance.now() - started) }, 'tables vacuumed');
  // Feed documents a pull would have to build (a catalogue just seeded or imported) are built now, not during
  // the first buyers' first syncs; on a database where every one is stored this is one index walk per feed.
  const building = performance.now();
  // Ahead of time only: whatever fails here (a document the contract rejects) is built, or refused, by the pulls.
  const feedDocuments = await storeUnbuiltFeedDocuments(db, Date.now(), {
    failed: (collection, error) => app.log.warn({ err: error, collection }, 'building feed documents ahead failed'),
  }).catch((error: unknown) => {
    app.log.warn({ err: error }, 'building feed documents ahead failed');
    return {};
  });
  if (Object.values(feedDocuments).some((n) => n > 0))
    app.log.info({ ...feedDocuments, ms: Math.round(performance.now() - building) }, 'feed documents built');
  const stopMaintenance = scheduleMaintenance(db, {
    done: (run, ms) => {
      if (run.vacuumed.length + run.analysed.length > 0) app.log.info({ ...run, ms }, 'changed tables vacuumed or analysed');
    },
    failed: (error) => app.log.warn({ err: error }, 'vacuuming the tables failed'),
  });
  app.addHook('onClose', stopMaintenance);
  closeOnSignals(app, db, lock);
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: db.kind, publicUrl: config.publicUrl, host: config.host, port: config.port }, 'bridge ready');
  return { app, db, config };
}

function closeOnSignals(app: FastifyInstance, db: Db, lock: DataDirLock | undefined): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => db.close())
      .then(() => {
        lock?.release();
        process.exit(0);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}
