import { creditTermListSchema } from '../contracts/credit-terms';
import { writeCreditTerms } from '../db/commands/credit-terms';
import type { AppDatabase } from '../db/database';
import type { CartScope } from '../db/queries/cart-view';
import { creditTermTasks, isRefusedTask, readCreditTerms, supplierOfTask } from '../db/queries/credit-terms';
import type { BridgeClient } from './bridge-client';

/**
 * The buyer's credit terms from the bridge onto the device (docs/decisions/023-credit-terms.md). A supplier asked on
 * this device whose request is still in the outbox, or was asked after this pull began (its answer may have missed
 * the list), keeps the pending state the device shows. Returns whether anything changed.
 */
export async function pullCreditTerms(db: AppDatabase, client: BridgeClient, scope: CartScope, now: () => number): Promise<boolean> {
  const startedAt = now();
  const { result } = await client.request({
    path: `/api/bridge/buyer/credit-terms?buyer_id=${encodeURIComponent(scope.buyerId)}`,
    result: creditTermListSchema,
  });
  const [local, tasks] = await Promise.all([readCreditTerms(db, scope.buyerId), creditTermTasks(db, scope.buyerId)]);
  const waiting = new Set(tasks.filter((t) => !isRefusedTask(t)).map(supplierOfTask));
  const kept = local.filter((t) => waiting.has(t.supplier_id) || (t.asked_at ?? -Infinity) >= startedAt);
  const keptIds = new Set(kept.map((t) => t.supplier_id));
  const terms = [...kept, ...result.filter((t) => !keptIds.has(t.supplier_id))].sort((a, b) => a.supplier_id.localeCompare(b.supplier_id));
  if (JSON.stringify(terms) === JSON.stringify(local)) return false;
  await writeCreditTerms(db, scope, terms, now());
  return true;
}
