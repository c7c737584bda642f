import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { setFavorite, type FavoriteTarget } from '../../../db/commands/favorites';
import { observeFavorites } from '../../../db/queries/favorites';
import type { FavoriteDoc } from '../../../db/schema/favorites';
import { systemClock } from '../../../domain/clock';
import type { FavoritesReplication } from '../../../replication/favorites-replication';
import { replicateWhileLeader } from '../../../replication/sync-leadership';
import { useDatabase } from '../database/database-provider';
import { useObservable } from '../database/use-observable';
import { useSession, useSessionController } from '../session/session-context';

interface FavoritesContextValue {
  /** The selected buyer's favourites, newest first; undefined while they load or nobody is signed in. */
  favorites: readonly FavoriteDoc[] | undefined;
  skus: ReadonlySet<string>;
  /** Marks or unmarks (works offline); null while nobody is signed in. */
  setFavorite: ((target: Omit<FavoriteTarget, 'buyerId'>, favorite: boolean) => Promise<void>) | null;
  /** Pulls now (the favourites page opens). */
  reSync(): void;
}

const NONE: ReadonlySet<string> = new Set();
const FavoritesContext = createContext<FavoritesContextValue>({
  favorites: undefined,
  skus: NONE,
  setFavorite: null,
  reSync: () => undefined,
});

/**
 * The selected buyer's favourites (decision 022): read live from the local database, changed offline, replicated
 * with the bridge while the signed-in layout is mounted. Switching buyer shows that buyer's list; the other stays.
 */
export function FavoritesProvider({ children }: { children: ReactNode }) {
  const db = useDatabase();
  const { customer, selectedBuyerId, status } = useSession();
  const controller = useSessionController();
  const buyerId = status === 'authenticated' && customer ? selectedBuyerId : null;
  const favorites = useObservable(() => (db && buyerId ? observeFavorites(db, buyerId) : null), [db, buyerId]);
  const skus = useMemo(() => (favorites ? new Set(favorites.map((f) => f.sku)) : NONE), [favorites]);

  const client = controller.bridge.client;
  const replicationRef = useRef<FavoritesReplication | null>(null);
  useEffect(() => {
    if (!db || !buyerId) return undefined;
    // Loaded with the database's chunk (RxDB's replication plugin), not with the first page (decision 030). Only
    // the leader tab replicates; leadership moves when a leader is frozen (decision 032 §3).
    const stopReplication = replicateWhileLeader(
      () =>
        import('../../../replication/favorites-replication').then(
          ({ startFavoritesReplication }) =>
            () =>
              startFavoritesReplication(db, client, buyerId, { waitForLeadership: false }),
        ),
      replicationRef,
    );
    const online = (): void => replicationRef.current?.reSync();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      stopReplication();
    };
  }, [db, buyerId, client]);

  const mark = useCallback(
    async (target: Omit<FavoriteTarget, 'buyerId'>, favorite: boolean) => {
      if (!db || !buyerId) return;
      await setFavorite(db, { ...target, buyerId }, favorite, systemClock.now());
    },
    [db, buyerId],
  );
  const reSync = useCallback(() => replicationRef.current?.reSync(), []);
  const value = useMemo(
    () => ({ favorites, skus, setFavorite: db && buyerId ? mark : null, reSync }),
    [favorites, skus, db, buyerId, mark, reSync],
  );
  return <FavoritesContext.Provider value={value}>{children}</FavoritesContext.Provider>;
}

export function useFavorites(): FavoritesContextValue {
  return useContext(FavoritesContext);
}
