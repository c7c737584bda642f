import type { AppDatabase } from '../db/database';
import { isSendable } from './order-queue';

/**
 * The page's side of the service worker's Background Sync of orders (src/replication/order-background-sync.ts):
 * it hands over the exact request of every order still waiting, so they go out when the connection returns
 * even if every tab is closed by then.
 */
export const ORDERS_FOR_BACKGROUND_SYNC = 'ORDERS_FOR_BACKGROUND_SYNC';

export interface OrderForBackgroundSync {
  orderId: string;
  body: unknown;
}

/** Hands the customer's waiting orders to the active service worker; false where there is none (or no orders). */
export async function handOrdersToServiceWorker(db: AppDatabase, customerId: string): Promise<boolean> {
  const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  const worker = container?.controller;
  if (!worker) return false;
  const waiting = await db.orders.find({ selector: { customer_id: customerId, transmited: false } }).exec();
  const orders: OrderForBackgroundSync[] = waiting
    .map((d) => d.toMutableJSON())
    .filter((o) => isSendable(o) && o.request)
    .map((o) => ({ orderId: o.id, body: o.request }));
  if (orders.length === 0) return false;
  worker.postMessage({ type: ORDERS_FOR_BACKGROUND_SYNC, orders });
  return true;
}
