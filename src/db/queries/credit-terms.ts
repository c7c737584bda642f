import { combineLatest, map, type Observable } from 'rxjs';
import { z } from 'zod';
import { creditTermSchema, type CreditTermStatus } from '../../contracts/credit-terms';
import { creditTermsKey } from '../account-keys';
import type { AppDatabase } from '../database';
import type { SyncTaskDoc } from '../schema/sync-tasks';
import { RETRYABLE_4XX } from './sync-tasks';

/** The outbox kind of a request for credit terms (docs/decisions/023-credit-terms.md). */
export const CREDIT_TERM_REQUEST_KIND = 'credit_term_request';

/** A term as the device keeps it; `asked_at` (device time) marks a pending state this device set itself. */
export const storedCreditTermSchema = creditTermSchema.extend({ asked_at: z.number().int().optional() });
export type StoredCreditTerm = z.output<typeof storedCreditTermSchema>;
const storedCreditTermsSchema = z.object({ terms: z.array(storedCreditTermSchema) });

function termsOf(data: unknown): StoredCreditTerm[] {
  const parsed = storedCreditTermsSchema.safeParse(data);
  return parsed.success ? parsed.data.terms : [];
}

export async function readCreditTerms(db: AppDatabase, buyerId: string): Promise<StoredCreditTerm[]> {
  return termsOf((await db.account.findOne(creditTermsKey(buyerId)).exec())?.data);
}

export function supplierOfTask(task: Pick<SyncTaskDoc, 'body'>): string {
  const id = task.body?.['supplier_id'];
  return typeof id === 'string' ? id : '';
}

/** The bridge refused the request as it is (not a session, timeout or rate limit): it is not sent again. */
export function isRefusedTask(task: Pick<SyncTaskDoc, 'code'>): boolean {
  const code = task.code ?? 0;
  return code >= 400 && code < 500 && !RETRYABLE_4XX.has(code);
}

const tasksQuery = (db: AppDatabase, buyerId: string) =>
  db.sync_tasks.find({ selector: { buyer_id: buyerId, kind: CREDIT_TERM_REQUEST_KIND, transmited: false } });

/** The buyer's requests for credit terms still in the outbox: waiting to be sent, or refused by the bridge. */
export async function creditTermTasks(db: AppDatabase, buyerId: string): Promise<SyncTaskDoc[]> {
  return (await tasksQuery(db, buyerId).exec()).map((d) => d.toMutableJSON());
}

export interface CreditTermView {
  status: CreditTermStatus;
  /** Asked on this device and still in the outbox (offline, or the bridge did not answer yet). */
  waiting: boolean;
  /** Why the bridge refused the latest request made on this device (a message of `M`), if it did. */
  refusal?: string;
}

/** The buyer's credit terms by supplier id, as this device knows them; a supplier without a term is absent. */
export function observeCreditTerms(db: AppDatabase, buyerId: string): Observable<ReadonlyMap<string, CreditTermView>> {
  return combineLatest([db.account.findOne(creditTermsKey(buyerId)).$, tasksQuery(db, buyerId).$]).pipe(
    map(([doc, tasks]) => {
      const views = new Map<string, CreditTermView>(termsOf(doc?.data).map((t) => [t.supplier_id, { status: t.status, waiting: false }]));
      for (const task of [...tasks].sort((a, b) => a.created_at - b.created_at)) {
        const supplierId = supplierOfTask(task);
        if (!isRefusedTask(task)) {
          views.set(supplierId, { status: 'pending', waiting: true });
          continue;
        }
        const known = views.get(supplierId);
        if (known?.waiting) continue;
        const description = task.meta?.['description'];
        views.set(supplierId, {
          status: known?.status ?? 'pending',
          waiting: false,
          refusal: typeof description === 'string' ? description : '',
        });
      }
      return views;
    }),
  );
}
