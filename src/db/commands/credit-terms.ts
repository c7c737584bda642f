import { CREDIT_TERMS_PATH } from '../../contracts/credit-terms';
import { creditTermsKey } from '../account-keys';
import type { AppDatabase } from '../database';
import type { CartScope } from '../queries/cart-view';
import {
  CREDIT_TERM_REQUEST_KIND,
  creditTermTasks,
  isRefusedTask,
  readCreditTerms,
  supplierOfTask,
  type StoredCreditTerm,
} from '../queries/credit-terms';
import type { SyncTaskDoc } from '../schema/sync-tasks';
import { queueSyncTask } from './sync-tasks';

export async function writeCreditTerms(db: AppDatabase, scope: CartScope, terms: readonly StoredCreditTerm[], now: number): Promise<void> {
  await db.account.upsert({
    key: creditTermsKey(scope.buyerId),
    kind: 'credit_terms',
    customer_id: scope.customerId,
    buyer_id: scope.buyerId,
    data: { terms: [...terms].sort((a, b) => a.supplier_id.localeCompare(b.supplier_id)) },
    updated_at: now,
  });
}

/**
 * Asks a supplier for credit terms (docs/decisions/023-credit-terms.md): the term shows as pending on the device at
 * once, and the request waits in the outbox until the bridge has it (offline too). The task's id is the request id
 * the bridge keeps it under, so however many times the outbox sends it, the term changes once. A request already
 * waiting for that supplier is not queued twice; an earlier one the bridge refused gives way to the new one.
 */
export async function askForCreditTerms(db: AppDatabase, scope: CartScope, supplierId: string, now: number): Promise<SyncTaskDoc> {
  const tasks = (await creditTermTasks(db, scope.buyerId)).filter((t) => supplierOfTask(t) === supplierId);
  const waiting = tasks.find((t) => !isRefusedTask(t) && t.customer_id === scope.customerId);
  if (waiting) return waiting;
  const refused = tasks.filter(isRefusedTask).map((t) => t.id);
  if (refused.length > 0) await db.sync_tasks.bulkRemove(refused);

  const terms = (await readCreditTerms(db, scope.buyerId)).filter((t) => t.supplier_id !== supplierId);
  await writeCreditTerms(db, scope, [...terms, { supplier_id: supplierId, status: 'pending', updated_at: now, asked_at: now }], now);
  const requestId = crypto.randomUUID();
  return queueSyncTask(
    db,
    {
      customerId: scope.customerId,
      buyerId: scope.buyerId,
      kind: CREDIT_TERM_REQUEST_KIND,
      method: 'POST',
      path: CREDIT_TERMS_PATH,
      body: { request_id: requestId, supplier_id: supplierId },
    },
    now,
    () => requestId,
  );
}
