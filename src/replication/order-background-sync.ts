import { Queue } from 'workbox-background-sync';
import { createIndexedDbTokenStore } from './indexeddb-token-store';
import { ORDERS_FOR_BACKGROUND_SYNC, type OrderForBackgroundSync } from './order-sync-message';

/**
 * The service worker's part of the order queue (docs/decisions/020-orders.md): the page hands it the exact
 * request of every order still waiting (`ORDERS_FOR_BACKGROUND_SYNC`), and Background Sync sends them when the
 * connection returns, even with every tab closed. Each is sent with the session's current access token, read
 * from IndexedDB where the tabs keep it. The bridge stores an order once under its id, so the page sending the
 * same order too (at its next start, or now) changes nothing. Browsers without Background Sync (Safari,
 * Firefox) never fire the event: there the page's own queue sends at start and on reconnect.
 */

export const ORDER_SYNC_QUEUE = 'orders';
const ORDER_PATH = '/api/bridge/buyer/order';
/** How long the service worker keeps trying an order, in minutes (then the page's queue is the only path). */
const RETENTION_MINUTES = 14 * 24 * 60;

/** Whether the bridge's answer ends the service worker's part: stored, or refused for good (the page shows why). */
export function answerIsFinal(status: number): boolean {
  return status < 500 && status !== 401 && status !== 408 && status !== 429;
}

export function installOrderBackgroundSync(scope: ServiceWorkerGlobalScope): void {
  const tokens = createIndexedDbTokenStore({ indexedDB: scope.indexedDB, signal: null });
  const queue = new Queue(ORDER_SYNC_QUEUE, {
    maxRetentionTime: RETENTION_MINUTES,
    onSync: async ({ queue: q }) => {
      for (let entry = await q.shiftRequest(); entry; entry = await q.shiftRequest()) {
        const token = (await tokens.load())?.accessToken;
        const headers = new Headers(entry.request.headers);
        if (token) headers.set('authorization', `Bearer ${token}`);
        // 0: no answer.
        const status = await fetch(new Request(entry.request.clone(), { headers })).then(
          (response) => response.status,
          () => 0,
        );
        if (!answerIsFinal(status)) {
          await q.unshiftRequest(entry);
          // Throwing tells the browser to fire the sync again later.
          throw new Error(`order not sent yet (${status || 'no answer'})`);
        }
      }
    },
  });

  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data = event.data as { type?: unknown; orders?: unknown } | null;
    if (!data || data.type !== ORDERS_FOR_BACKGROUND_SYNC || !Array.isArray(data.orders)) return;
    const orders = data.orders as OrderForBackgroundSync[];
    event.waitUntil(
      (async () => {
        const held = new Set((await queue.getAll()).map((e) => e.metadata as { orderId?: string } | undefined).map((m) => m?.orderId));
        for (const order of orders) {
          if (typeof order.orderId !== 'string' || held.has(order.orderId)) continue;
          const request = new Request(new URL(ORDER_PATH, scope.location.origin), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(order.body),
          });
          await queue.pushRequest({ request, metadata: { orderId: order.orderId } });
          held.add(order.orderId);
        }
      })(),
    );
  });
}
