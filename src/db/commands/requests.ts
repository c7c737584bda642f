import type { CartScope } from '../queries/cart-view';
import type { AppDatabase } from '../database';
import type { SyncTaskDoc } from '../schema/sync-tasks';
import { queueSyncTask } from './sync-tasks';

/** What a request of the buyer is about (docs/product-rules.md §7, src/contracts/requests.ts). */
export type BuyerRequestTarget =
  | { kind: 'wholesale_price'; path: string; supplierId: string; sku: string }
  | { kind: 'add_suppliers' }
  | { kind: 'locked_supplier'; supplierId: string };

/** A request as the forms make it: its target and the person's optional message. */
export type BuyerRequest = BuyerRequestTarget & { message?: string | undefined };

const PATHS: Record<BuyerRequest['kind'], string> = {
  wholesale_price: 'bridge/buyer/requests/wholesale-price',
  add_suppliers: 'bridge/buyer/requests/add-suppliers',
  locked_supplier: 'bridge/buyer/requests/locked-supplier',
};

function bodyOf(request: BuyerRequest, requestId: string): Record<string, unknown> {
  const message = request.message?.trim() ? { message: request.message.trim() } : {};
  switch (request.kind) {
    case 'wholesale_price':
      return { request_id: requestId, path: request.path, supplier_id: request.supplierId, sku: request.sku, ...message };
    case 'add_suppliers':
      return { request_id: requestId, ...message };
    case 'locked_supplier':
      return { request_id: requestId, supplier_id: request.supplierId, type: 'access', ...message };
  }
}

/**
 * Queues a request in the outbox (works offline). The task's id is the request id the bridge stores it
 * under, so however many times the outbox sends it, it is one request.
 */
export async function queueBuyerRequest(db: AppDatabase, scope: CartScope, request: BuyerRequest, now: number): Promise<SyncTaskDoc> {
  const requestId = crypto.randomUUID();
  return queueSyncTask(
    db,
    {
      customerId: scope.customerId,
      buyerId: scope.buyerId,
      kind: request.kind,
      method: 'POST',
      path: PATHS[request.kind],
      body: bodyOf(request, requestId),
    },
    now,
    () => requestId,
  );
}
