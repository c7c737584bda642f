import { openAppDatabase } from '../db/lazy-database';

/** The code the catalogue replication starts with, loaded once (decision 030: not with the first page). */
export function loadCatalogReplicationCode() {
  return Promise.all([import('./catalog-replication'), import('../db/commands/drop-legacy-catalog-stores')]);
}

/**
 * Opens the local database, loads the replication's code and starts the worker that makes its pulls (decision 037)
 * ahead of a sign-in's answer, so the first sync starts as soon as the session exists. In the next task: opening the
 * database is main-thread work that must not hold back the sign-in request itself. Failures are left for the start
 * itself to meet and report.
 */
export function prepareCatalogSync(): void {
  setTimeout(() => {
    openAppDatabase().catch(() => undefined);
    loadCatalogReplicationCode()
      .then(() => import('./catalog-page-exchange'))
      .then(({ catalogPageExchange }) => catalogPageExchange.warm())
      .catch(() => undefined);
  }, 0);
}
