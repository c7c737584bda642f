import { parseOrderProblems, placeOrderBodySchema, type OrderProblem } from '../../contracts/order';
import { acceptBridgeChanges } from '../../domain/order/fix';
import { orderHash, orderTotals, type OrderContent } from '../../domain/order/order';
import type { AppDatabase } from '../database';
import type { CartScope } from '../queries/cart-view';
import { orderView } from '../queries/orders';
import type { OrderDoc } from '../schema/orders';
import { requestOf } from './orders';
import { orderAgain } from './reorder';

/**
 * What the buyer does with an order the bridge refused (docs/product-rules.md §4.10, docs/decisions/020-orders.md):
 * accept the bridge's changes and send it again, put its products back in the cart, or delete it. Only orders
 * still on the device: one the bridge has is never changed here.
 */

/** The problems the bridge named for a held order, as the contract reads them (unknown kinds are left out). */
export function heldProblems(doc: Pick<OrderDoc, 'last_error'>): OrderProblem[] {
  return parseOrderProblems(doc.last_error?.problems ?? []);
}

async function waitingOrder(db: AppDatabase, orderId: string) {
  const doc = await db.orders.findOne(orderId).exec();
  return doc && !doc.transmited ? doc : null;
}

export type AcceptOutcome = { ok: true } | { ok: false; unresolved: OrderProblem[] };

/**
 * Accepts what the bridge answered for a held order: today's prices, the stock left, no products gone from
 * the catalogue. The order keeps its id (the bridge stored nothing under it) and goes back in the queue with
 * the new content and its hash. Nothing changes when something remains that accepting cannot settle.
 */
export async function acceptHeldOrderChanges(db: AppDatabase, orderId: string, now: number): Promise<AcceptOutcome> {
  const doc = await waitingOrder(db, orderId);
  if (!doc || doc.last_error?.code !== 422) return { ok: false, unresolved: [] };
  const request = placeOrderBodySchema.parse(doc.request);
  const { order_id: id, hash: _hash, created_at: placedAt, ...rest } = request.order;
  const content: OrderContent = { buyer_id: doc.buyer_id, ...rest };
  const fixed = acceptBridgeChanges(content, heldProblems(doc));
  if (fixed.unresolved.length > 0) return { ok: false, unresolved: fixed.unresolved };
  const hash = orderHash(fixed.content);
  await doc.incrementalModify((current) => {
    const { last_error: _lastError, ...kept } = current;
    return {
      ...kept,
      hash,
      updated_at: now,
      total_due: orderTotals(fixed.content.lines).grand_total,
      products: fixed.content.lines.map((l) => ({ ...l })),
      request: requestOf(fixed.content, id, hash, placedAt, request.selected_address_id) as unknown as Record<string, unknown>,
    };
  });
  return { ok: true };
}

/** Puts a waiting order's products back in the cart at today's prices and stock, then deletes the order. */
export async function returnOrderToCart(
  db: AppDatabase,
  scope: CartScope,
  orderId: string,
  now: number,
  online: boolean,
): Promise<{ added: number; skipped: number } | null> {
  const doc = await waitingOrder(db, orderId);
  if (!doc) return null;
  const result = await orderAgain(db, scope, orderView(doc.toJSON() as OrderDoc), now, online);
  await doc.remove();
  return result;
}

/** Deletes an order that has not reached the bridge: the one way an order leaves the device unsent. */
export async function deleteWaitingOrder(db: AppDatabase, orderId: string): Promise<boolean> {
  const doc = await waitingOrder(db, orderId);
  if (!doc) return false;
  await doc.remove();
  return true;
}
