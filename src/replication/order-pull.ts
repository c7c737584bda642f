import { ORDER_PULL_MAX, orderPullResultSchema, type OrderWireDoc } from '../contracts/order';
import { PAYMENT_TYPE, ORDER_STORE_CODE } from '../db/commands/orders';
import type { AppDatabase } from '../db/database';
import type { CartScope } from '../db/queries/cart-view';
import type { OrderDoc } from '../db/schema/orders';
import type { BridgeClient } from './bridge-client';

/**
 * The buyer's orders from the bridge (docs/decisions/020-orders.md): history, other devices' orders and
 * every status change, after the last position pulled. A pulled order is the bridge's truth: an order this
 * device placed and still holds as queued (its answer was lost, or the service worker sent it) becomes
 * transmitted with its backend id, and the request it keeps stays with it.
 *
 * Not RxDB's replication: its downstream never overwrites a document written on the device that its own
 * upstream has not pushed, and orders are pushed by the order queue (one at a time, never resending a
 * refused one), so a pulled status would never reach an order placed here.
 */

const checkpointKey = (scope: CartScope) => `orders-pull:${scope.customerId}:${scope.buyerId}`;

export function toLocalOrder(doc: OrderWireDoc, local: OrderDoc | undefined): OrderDoc {
  return {
    id: doc.order_id,
    buyer_id: doc.buyer_id,
    customer_id: doc.customer_id,
    customer_name: doc.customer_name,
    supplier_id: doc.supplier_id,
    comment: doc.comment,
    hash: doc.hash,
    transmited: true,
    transmited_at: local?.transmited_at ?? doc.received_at,
    created_at: doc.placed_at,
    updated_at: Math.max(doc.updated_at, local?.updated_at ?? 0),
    status: doc.status,
    payment_type: PAYMENT_TYPE[doc.payment_method],
    store_code: ORDER_STORE_CODE,
    store_name: doc.supplier_name,
    total_due: doc.totals.grand_total,
    products: doc.lines.map((l) => ({ ...l })),
    ...(local?.request ? { request: local.request } : {}),
    ...(doc.selected_address_id ? { selected_address_id: doc.selected_address_id } : {}),
    backend_order_id: doc.backend_order_id,
  };
}

/** Pulls every change since the last pull for this customer and buyer; returns how many orders changed. */
export async function pullOrders(db: AppDatabase, client: BridgeClient, scope: CartScope): Promise<number> {
  const stored = await db.getLocal<{ seq: number }>(checkpointKey(scope));
  let after = stored?.get('seq') ?? 0;
  let changed = 0;
  for (;;) {
    const buyer = encodeURIComponent(scope.buyerId);
    const { result } = await client.request({
      path: `/api/bridge/buyer/orders/v1/pull?buyer_id=${buyer}&after=${after}&limit=${ORDER_PULL_MAX}`,
      result: orderPullResultSchema,
    });
    if (result.documents.length > 0) {
      const locals = await db.orders.findByIds(result.documents.map((d) => d.order_id)).exec();
      await db.orders.bulkUpsert(result.documents.map((d) => toLocalOrder(d, locals.get(d.order_id)?.toMutableJSON())));
      changed += result.documents.length;
    }
    after = result.checkpoint.seq;
    await db.upsertLocal(checkpointKey(scope), { seq: after });
    if (result.documents.length < ORDER_PULL_MAX) return changed;
  }
}
