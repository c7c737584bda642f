import { filter, interval, map, merge, NEVER, Subject, type Observable } from 'rxjs';
import type { RxReplicationPullStreamItem, WithDeleted } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import {
  CART_PULL_MAX,
  CART_PUSH_MAX,
  cartLineDocSchema,
  cartPullResultSchema,
  cartPushResultSchema,
  cartSupplierDocSchema,
  type CartLineDoc,
  type CartSupplierDoc,
} from '../contracts/cart';
import type { AppDatabase } from '../db/database';
import type { CartScope } from '../db/queries/cart-view';
import type { CartItemDoc } from '../db/schema/cart-items';
import type { CartSupplierDoc as LocalSupplierDoc } from '../db/schema/cart-suppliers';
import type { BridgeClient } from './bridge-client';
import { concernsCart, type LiveEvent } from './live-events';

/**
 * The cart's two-way replication (decision 018): RxDB's protocol over the bridge's
 * `/api/bridge/buyer/cart/v1/{lines,suppliers}` for one customer and buyer. Only that scope's documents are
 * pushed or pulled; lines of other customers on the device wait for their own sign-in. Conflicts are settled
 * by the collections' handlers (the shared merge rule). The bridge's live events say when this customer's
 * cart for the buyer changed elsewhere (another device, a colleague never: carts are per customer), and the
 * leader tab pulls at once; it also asks every `pollMs` (1.5 s), so an edit shows within 2 s even while the
 * event stream is reconnecting.
 */
export interface CartReplication {
  /** Pull and push now (after reconnecting, after opening the cart). */
  reSync(): void;
  /** Resolves once everything written locally so far is on the bridge and the last pull is applied. */
  awaitInSync(): Promise<void>;
  /** Failed requests (they are retried); for status displays and tests. */
  readonly errors$: Observable<unknown>;
  stop(): Promise<void>;
}

export interface CartReplicationOptions {
  pollMs?: number;
  retryMs?: number;
  /** Wait for this tab to lead before replicating (default true; tests with one tab may skip the election). */
  waitForLeadership?: boolean;
  /** The bridge's live events: a `cart` event for this buyer (or a reconnect) pulls at once. */
  live$?: Observable<LiveEvent> | null | undefined;
}

type Checkpoint = { seq: number };

function toWireLine(doc: WithDeleted<CartItemDoc>): CartLineDoc {
  return {
    id: doc.id,
    sku: doc.sku,
    supplier_id: doc.supplier_id,
    qty: doc.qty,
    price: doc.price,
    tax_rate: doc.tax_rate,
    name: doc.name,
    type_id: doc.type_id,
    updated_at: doc.updated_at,
    _deleted: doc._deleted,
    ...(doc.parent_sku ? { parent_sku: doc.parent_sku } : {}),
    ...(doc.image ? { image: doc.image } : {}),
    ...(doc.options ? { options: doc.options } : {}),
  };
}

function toWireSupplier(doc: WithDeleted<LocalSupplierDoc>): CartSupplierDoc {
  return {
    supplier_id: doc.supplier_id,
    comment: doc.comment,
    excluded: doc.excluded,
    updated_at: doc.updated_at,
    _deleted: doc._deleted,
    ...(doc.payment_method ? { payment_method: doc.payment_method } : {}),
  };
}

function inScope(scope: CartScope, doc: { customer_id: string; buyer_id: string }): boolean {
  return doc.customer_id === scope.customerId && doc.buyer_id === scope.buyerId;
}

function replicate<Local extends { customer_id: string; buyer_id: string }, Wire>(
  db: AppDatabase,
  client: BridgeClient,
  scope: CartScope,
  kind: 'lines' | 'suppliers',
  wire: {
    schema: typeof cartLineDocSchema | typeof cartSupplierDocSchema;
    toWire: (doc: WithDeleted<Local>) => Wire;
    toLocal: (doc: Wire) => WithDeleted<Local>;
  },
  poll$: Observable<RxReplicationPullStreamItem<Local, Checkpoint>>,
  options: CartReplicationOptions,
): RxReplicationState<Local, Checkpoint> {
  const base = `/api/bridge/buyer/cart/v1/${kind}`;
  const buyer = encodeURIComponent(scope.buyerId);
  const collection = (kind === 'lines' ? db.cart_items : db.cart_suppliers) as never;
  return replicateRxCollection<Local, Checkpoint>({
    replicationIdentifier: `cart-${kind}:${scope.customerId}:${scope.buyerId}`,
    collection,
    live: true,
    retryTime: options.retryMs ?? 2000,
    waitForLeadership: options.waitForLeadership ?? true,
    autoStart: true,
    pull: {
      batchSize: CART_PULL_MAX,
      stream$: poll$,
      handler: async (checkpoint, batchSize) => {
        const after = checkpoint?.seq ?? 0;
        const { result } = await client.request({
          path: `${base}/pull?buyer_id=${buyer}&after=${after}&limit=${Math.min(batchSize, CART_PULL_MAX)}`,
          result: cartPullResultSchema(wire.schema),
        });
        // Mapped here, not in a pull modifier: RxDB reads the (composite) primary key before modifiers run.
        return { documents: result.documents.map((doc) => wire.toLocal(doc as Wire)), checkpoint: result.checkpoint };
      },
    },
    push: {
      batchSize: CART_PUSH_MAX,
      // Out-of-scope documents are skipped here; the wire shape is made in the handler, because RxDB still
      // needs the collection's (composite) primary key on what the modifier returns.
      modifier: (doc) => (inScope(scope, doc) ? doc : null),
      handler: async (rows) => {
        const wireRows = rows.map((row) => ({
          newDocumentState: wire.toWire(row.newDocumentState),
          ...(row.assumedMasterState ? { assumedMasterState: wire.toWire(row.assumedMasterState) } : {}),
        }));
        const { result } = await client.request({
          method: 'POST',
          path: `${base}/push`,
          body: { buyer_id: scope.buyerId, rows: wireRows },
          result: cartPushResultSchema(wire.schema),
        });
        // RxDB wants conflicts in the collection's own shape.
        return result.conflicts.map((doc) => wire.toLocal(doc as Wire)) as never;
      },
    },
  });
}

export function startCartReplication(
  db: AppDatabase,
  client: BridgeClient,
  scope: CartScope,
  options: CartReplicationOptions = {},
): CartReplication {
  const resync$ = new Subject<'RESYNC'>();
  const live$: Observable<'RESYNC'> = options.live$
    ? options.live$.pipe(
        filter((event) => concernsCart(event, scope.buyerId)),
        map(() => 'RESYNC' as const),
      )
    : NEVER;
  const poll$ = merge(resync$, live$, interval(options.pollMs ?? 1500).pipe(map(() => 'RESYNC' as const)));
  const lines = replicate<CartItemDoc, CartLineDoc>(
    db,
    client,
    scope,
    'lines',
    {
      schema: cartLineDocSchema,
      toWire: toWireLine,
      toLocal: (doc) => ({ ...doc, customer_id: scope.customerId, buyer_id: scope.buyerId }) as WithDeleted<CartItemDoc>,
    },
    poll$,
    options,
  );
  const suppliers = replicate<LocalSupplierDoc, CartSupplierDoc>(
    db,
    client,
    scope,
    'suppliers',
    {
      schema: cartSupplierDocSchema,
      toWire: toWireSupplier,
      toLocal: (doc) => ({
        ...(doc as Omit<LocalSupplierDoc, 'key' | 'customer_id' | 'buyer_id'>),
        key: `${scope.customerId}|${scope.buyerId}|${doc.supplier_id}`,
        customer_id: scope.customerId,
        buyer_id: scope.buyerId,
        _deleted: doc._deleted,
      }),
    },
    poll$,
    options,
  );
  return {
    reSync: () => {
      lines.reSync();
      suppliers.reSync();
    },
    awaitInSync: async () => {
      await Promise.all([lines.awaitInSync(), suppliers.awaitInSync()]);
    },
    errors$: merge(lines.error$, suppliers.error$),
    stop: async () => {
      resync$.complete();
      await Promise.all([lines.cancel(), suppliers.cancel()]);
    },
  };
}
