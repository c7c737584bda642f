import { openAppDatabase } from '../../../db/lazy-database';
import { getBrowserBridge } from '../../../replication/app-bridge';
import { createDatabaseProfileCache } from '../../../replication/profile-cache';
import { prepareCatalogSync } from '../../../replication/catalog-sync-preparation';
import { SessionController, type SessionControllerDeps } from './session-controller';

let controller: SessionController | null = null;
let work: SessionControllerDeps['sessionWork'];

/**
 * The browser app's one session (module-level: StrictMode's double effects must not make two). The app root passes
 * its `sessionWork` (the catalogue sync, decision 037); a call without one, before or after, keeps it.
 */
export function getBrowserSession(options: Pick<SessionControllerDeps, 'sessionWork'> = {}): SessionController {
  work = options.sessionWork ?? work;
  controller ??= new SessionController({
    sessionWork: { start: () => work?.start(), stop: () => work?.stop() },
    bridge: getBrowserBridge(),
    storage: window.localStorage,
    profiles: createDatabaseProfileCache(() => openAppDatabase()),
    reload: () => window.location.reload(),
    prepareSignedIn: prepareCatalogSync,
  });
  return controller;
}
