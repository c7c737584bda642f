import { createContext, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { SyncCollection } from '../../../contracts/sync';
import { isCatalogReady, type CatalogSyncSnapshot, type CatalogSyncStatus } from '../../../replication/catalog-sync-status';
import { useSession, useSessionController } from '../session/session-context';
import { getBrowserCatalogSync, getBrowserCatalogSyncStatus } from './browser-catalog-sync';
import type { CatalogSyncRunner } from './catalog-sync-runner';

const StatusContext = createContext<CatalogSyncStatus | null>(null);

export interface CatalogSyncProviderProps {
  children: ReactNode;
  /** Tests pass their own; the app uses the browser's (localStorage, EventSource, IndexedDB). */
  status?: CatalogSyncStatus;
  runner?: CatalogSyncRunner;
}

/**
 * Replicates the catalogue while the session is signed in and stops on logout (docs/architecture.md §4.1).
 * Needs `<SessionProvider>` above it. Never blocks rendering on the first sync.
 */
export function CatalogSyncProvider({ children, status, runner }: CatalogSyncProviderProps) {
  const session = useSession();
  const controller = useSessionController();
  const store = useMemo(() => status ?? getBrowserCatalogSyncStatus(), [status]);
  const sync = useMemo(() => runner ?? getBrowserCatalogSync(controller.bridge), [runner, controller]);
  const signedIn = session.status === 'authenticated';

  useEffect(() => {
    if (!signedIn) return undefined;
    sync.start();
    return () => sync.stop();
  }, [signedIn, sync]);

  return <CatalogSyncStatusProvider status={store}>{children}</CatalogSyncStatusProvider>;
}

/** Only the status (tests and tabs that render sync UI without owning the replication). */
export function CatalogSyncStatusProvider({ status, children }: { status: CatalogSyncStatus; children: ReactNode }) {
  return <StatusContext.Provider value={status}>{children}</StatusContext.Provider>;
}

function useStatusStore(): CatalogSyncStatus {
  return useContext(StatusContext) ?? getBrowserCatalogSyncStatus();
}

/** The first-sync counts of each collection, updated as pages arrive (in this tab or the replicating one). */
export function useCatalogSyncStatus(): CatalogSyncSnapshot {
  const store = useStatusStore();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/**
 * True once every catalogue collection (or only `collection`) has completed one full pull, in this session or
 * an earlier one. Until then a page shows <CatalogPreparing /> instead of an empty list.
 */
export function useCatalogReady(collection?: SyncCollection): boolean {
  const snapshot = useCatalogSyncStatus();
  return collection ? snapshot[collection].ready : isCatalogReady(snapshot);
}
