import { interval, map, merge, Subject, type Observable } from 'rxjs';
import type { WithDeleted } from 'rxdb';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { CART_PUSH_MAX } from '../contracts/cart';
import { FAVORITES_PULL_MAX, favoritesPullResultSchema, favoritesPushResultSchema, type FavoriteWireDoc } from '../contracts/favorites';
import type { AppDatabase } from '../db/database';
import type { FavoriteDoc } from '../db/schema/favorites';
import type { BridgeClient } from './bridge-client';

/**
 * The buyer's favourites, replicated both ways with the bridge's `/api/bridge/buyer/favorites/v1`
 * (decision 022). Only that buyer's documents are pushed or pulled; the lists of other buyers on the device
 * wait for their own turn. The identifier is the buyer's, not the person's: the list is the company's, so a
 * favourite one colleague marked offline on a shared device is sent by whichever member signs in next.
 * A colleague's change arrives with the next pull: at start, after reconnecting, when the favourites page
 * opens (`reSync`) and every `pollMs` (default a minute) in the leader tab.
 */
export interface FavoritesReplication {
  reSync(): void;
  /** Resolves once everything written locally so far is on the bridge and the last pull is applied. */
  awaitInSync(): Promise<void>;
  readonly errors$: Observable<unknown>;
  stop(): Promise<void>;
}

export interface FavoritesReplicationOptions {
  pollMs?: number;
  retryMs?: number;
  /** Wait for this tab to lead before replicating (default true; tests with one tab may skip the election). */
  waitForLeadership?: boolean;
}

type Checkpoint = { seq: number };

function toWire(doc: WithDeleted<FavoriteDoc>): FavoriteWireDoc {
  return {
    sku: doc.sku,
    supplier_id: doc.supplier_id,
    favorite_since: doc.favorite_since,
    updated_at: doc.updated_at,
    _deleted: doc._deleted,
  };
}

function toLocal(buyerId: string, doc: FavoriteWireDoc): WithDeleted<FavoriteDoc> {
  return { ...doc, key: `${buyerId}|${doc.sku}`, buyer_id: buyerId };
}

export function startFavoritesReplication(
  db: AppDatabase,
  client: BridgeClient,
  buyerId: string,
  options: FavoritesReplicationOptions = {},
): FavoritesReplication {
  const resync$ = new Subject<'RESYNC'>();
  const base = '/api/bridge/buyer/favorites/v1';
  const buyer = encodeURIComponent(buyerId);
  const state = replicateRxCollection<FavoriteDoc, Checkpoint>({
    replicationIdentifier: `favorites:${buyerId}`,
    collection: db.favorites,
    live: true,
    retryTime: options.retryMs ?? 2000,
    waitForLeadership: options.waitForLeadership ?? true,
    autoStart: true,
    pull: {
      batchSize: FAVORITES_PULL_MAX,
      stream$: merge(resync$, interval(options.pollMs ?? 60_000).pipe(map(() => 'RESYNC' as const))),
      handler: async (checkpoint, batchSize) => {
        const after = checkpoint?.seq ?? 0;
        const { result } = await client.request({
          path: `${base}/pull?buyer_id=${buyer}&after=${after}&limit=${Math.min(batchSize, FAVORITES_PULL_MAX)}`,
          result: favoritesPullResultSchema,
        });
        // Mapped here, not in a pull modifier: RxDB reads the (composite) primary key before modifiers run.
        return { documents: result.documents.map((doc) => toLocal(buyerId, doc)), checkpoint: result.checkpoint };
      },
    },
    push: {
      batchSize: CART_PUSH_MAX,
      // Other buyers' favourites are skipped; the wire shape is made in the handler (RxDB needs the key here).
      modifier: (doc) => (doc.buyer_id === buyerId ? doc : null),
      handler: async (rows) => {
        const { result } = await client.request({
          method: 'POST',
          path: `${base}/push`,
          body: {
            buyer_id: buyerId,
            rows: rows.map((row) => ({
              newDocumentState: toWire(row.newDocumentState),
              ...(row.assumedMasterState ? { assumedMasterState: toWire(row.assumedMasterState) } : {}),
            })),
          },
          result: favoritesPushResultSchema,
        });
        return result.conflicts.map((doc) => toLocal(buyerId, doc));
      },
    },
  });
  return {
    reSync: () => state.reSync(),
    awaitInSync: async () => {
      await state.awaitInSync();
    },
    errors$: state.error$,
    stop: async () => {
      resync$.complete();
      await state.cancel();
    },
  };
}
