import { M } from '../contracts/messages';
import { orderConfirmationSchema, orderRejectionMetaSchema, type OrderProblem } from '../contracts/order';
import type { AppDatabase } from '../db/database';
import type { OrderDoc } from '../db/schema/orders';
import type { BridgeClient } from './bridge-client';
import { isBridgeError, type BridgeError } from './bridge-error';

/**
 * The order queue (docs/product-rules.md §4.10, docs/decisions/020-orders.md): untransmitted orders of the
 * signed-in customer go to the bridge one at a time, oldest first, each with the request stored when it was
 * placed, so a resend is identical and the bridge recognises it by its order id.
 *
 * - 200: the order is transmitted; the confirmation's backend order id and status are kept.
 * - 422 (the bridge's catalogue disagrees: a price, stock, the minimum…) and 409: the order waits for the
 *   buyer, who fixes and resends it; the queue does not send it again by itself.
 * - 400: the refusal is kept on the order, which stays queued (docs/product-rules.md §8), and the run goes on.
 * - no answer, 5xx, or a session that cannot be renewed: the run stops; every order stays queued for the next.
 * An order never leaves the device until the bridge has it or the buyer deletes it.
 */

export interface QueueRun {
  sent: number;
  /** Orders the bridge refused (400, 409, 422) in this run. */
  refused: number;
  /** The HTTP status of each refusal, in the order they came. */
  refusals: number[];
  /** Why the run stopped before the end of the queue, if it did. */
  stoppedBy?: BridgeError;
}

/** Orders the queue sends by itself: untransmitted and not waiting for the buyer. */
export function isSendable(order: OrderDoc): boolean {
  return !order.transmited && order.last_error?.code !== 422 && order.last_error?.code !== 409;
}

function problemsOf(error: BridgeError): OrderProblem[] {
  const parsed = orderRejectionMetaSchema.safeParse(error.meta);
  return parsed.success ? parsed.data.problems : [];
}

/**
 * Sends one queued order and records the outcome; throws the BridgeError of a failure that stops a run (no
 * answer, 5xx, a session that cannot be renewed). Another tab may send the same order at the same time: the
 * bridge answers both with the one confirmation.
 */
export async function sendOrder(
  db: AppDatabase,
  client: BridgeClient,
  order: OrderDoc,
  now: () => number,
): Promise<'sent' | 400 | 409 | 422> {
  const doc = await db.orders.findOne(order.id).exec();
  if (!doc || doc.transmited) return 'sent';
  try {
    const { result } = await client.request({
      method: 'POST',
      path: '/api/bridge/buyer/order',
      body: order.request,
      result: orderConfirmationSchema,
    });
    await doc.incrementalModify((current) => {
      const { last_error: _lastError, ...rest } = current;
      return {
        ...rest,
        transmited: true,
        transmited_at: now(),
        updated_at: now(),
        status: result.status,
        backend_order_id: result.backend_order_id,
      };
    });
    return 'sent';
  } catch (error) {
    if (!isBridgeError(error) || ![400, 409, 422].includes(error.code)) throw error;
    const problems = error.code === 422 ? problemsOf(error) : [];
    await doc.incrementalPatch({
      updated_at: now(),
      last_error: { code: error.code, description: error.description, ...(problems.length > 0 ? { problems } : {}) },
    });
    return error.code as 400 | 409 | 422;
  }
}

const running = new WeakMap<AppDatabase, Promise<QueueRun>>();

/**
 * Sends the customer's queue once through. Calls while a run is under way on this database join it; across
 * tabs, `lock` (a Web Lock in the browser) lets one tab send at a time. Either way the bridge stores each
 * order once, whoever sends it.
 */
export function sendQueuedOrders(
  db: AppDatabase,
  client: BridgeClient,
  options: { customerId: string; now?: () => number; lock?: <T>(work: () => Promise<T>) => Promise<T> },
): Promise<QueueRun> {
  const current = running.get(db);
  if (current) return current;
  const now = options.now ?? (() => Date.now());
  const run = async (): Promise<QueueRun> => {
    const queued = await db.orders
      .find({ selector: { customer_id: options.customerId, transmited: false }, sort: [{ created_at: 'asc' }] })
      .exec();
    const outcome: QueueRun = { sent: 0, refused: 0, refusals: [] };
    for (const order of queued.map((d) => d.toMutableJSON())) {
      if (!isSendable(order)) continue;
      try {
        const result = await sendOrder(db, client, order, now);
        if (result === 'sent') outcome.sent += 1;
        else {
          outcome.refused += 1;
          outcome.refusals.push(result);
        }
      } catch (error) {
        const stopped = isBridgeError(error) ? error : undefined;
        if (!stopped) throw error;
        if (stopped.code >= 500) {
          const doc = await db.orders.findOne(order.id).exec();
          await doc?.incrementalPatch({ updated_at: now(), last_error: { code: stopped.code, description: M.orderServerError } });
        }
        return { ...outcome, stoppedBy: stopped };
      }
    }
    return outcome;
  };
  const promise = (options.lock ? options.lock(run) : run()).finally(() => running.delete(db));
  running.set(db, promise);
  return promise;
}
