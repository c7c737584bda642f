import { stockResultSchema } from '../contracts/cart';
import { stockBatches } from '../domain/cart/rules';
import { recordStock, type CartStockRecord } from '../db/commands/cart';
import type { AppDatabase } from '../db/database';
import type { CartScope } from '../db/queries/cart-view';
import type { BridgeClient } from './bridge-client';

/**
 * Asks the bridge for the stock of a cart's skus, at most 15 per request (docs/product-rules.md §7), and
 * keeps the answers apart from the catalogue. Called when a product is added, when the cart opens and
 * after reconnecting. Offline, the request fails and the lines stay `volatile` until the next check.
 * Answers how many requests it made.
 */
export async function checkCartStock(
  db: AppDatabase,
  client: BridgeClient,
  scope: CartScope,
  now: number,
  skus?: readonly string[],
): Promise<number> {
  const wanted =
    skus ?? (await db.cart_items.find({ selector: { customer_id: scope.customerId, buyer_id: scope.buyerId } }).exec()).map((l) => l.sku);
  const batches = stockBatches(wanted);
  const answers = await Promise.all(
    batches.map((batch) =>
      client.request({
        path: `/api/bridge/stock?buyer_id=${encodeURIComponent(scope.buyerId)}&skus=${batch.map(encodeURIComponent).join(',')}`,
        result: stockResultSchema,
      }),
    ),
  );
  const record: CartStockRecord = {};
  for (const { result } of answers) {
    for (const item of result) record[item.sku] = { status: item.status, qty: item.qty, checkedAt: now };
  }
  if (Object.keys(record).length > 0) await recordStock(db, record);
  return batches.length;
}
