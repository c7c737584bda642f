import { openAppDatabase } from '../../../db/lazy-database';
import { getBrowserBridge } from '../../../replication/app-bridge';
import { createDatabaseProfileCache } from '../../../replication/profile-cache';
import { prepareCatalogSync } from '../../../replication/catalog-sync-preparation';
import { SessionController, type SessionControllerDeps } from './session-controller';

type SessionWork = NonNullable<SessionControllerDeps['sessionWork']>;

/** A session work that forwards to the last one given (`use`); giving none keeps the one before. */
export function forwardingSessionWork(): { use(work: SessionWork | undefined): void; work: SessionWork } {
  let current: SessionWork | undefined;
  return {
    use: (work) => {
      current = work ?? current;
    },
    work: { start: () => current?.start(), stop: () => current?.stop() },
  };
}

let controller: SessionController | null = null;
const sessionWork = forwardingSessionWork();

/**
 * The browser app's one session (module-level: StrictMode's double effects must not make two). The app root passes
 * its `sessionWork` (the catalogue sync, decision 037); a call without one, before or after, keeps it.
 */
export function getBrowserSession(options: Pick<SessionControllerDeps, 'sessionWork'> = {}): SessionController {
  sessionWork.use(options.sessionWork);
  controller ??= new SessionController({
    sessionWork: sessionWork.work,
    bridge: getBrowserBridge(),
    storage: window.localStorage,
    profiles: createDatabaseProfileCache(() => openAppDatabase()),
    reload: () => window.location.reload(),
    prepareSignedIn: prepareCatalogSync,
  });
  return controller;
}
