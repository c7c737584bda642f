import { openAppDatabase } from '../../../db/lazy-database';
import { getBrowserBridge } from '../../../replication/app-bridge';
import { createDatabaseProfileCache } from '../../../replication/profile-cache';
import { prepareCatalogSync } from '../../../replication/catalog-sync-preparation';
import { SessionController, type SessionControllerDeps } from './session-controller';

let controller: SessionController | null = null;

/**
 * The browser app's one session (module-level: StrictMode's double effects must not make two). The first call
 * decides its `sessionWork` (the app root passes the catalogue sync, decision 037).
 */
export function getBrowserSession(options: Pick<SessionControllerDeps, 'sessionWork'> = {}): SessionController {
  controller ??= new SessionController({
    ...options,
    bridge: getBrowserBridge(),
    storage: window.localStorage,
    profiles: createDatabaseProfileCache(() => openAppDatabase()),
    reload: () => window.location.reload(),
    prepareSignedIn: prepareCatalogSync,
  });
  return controller;
}
