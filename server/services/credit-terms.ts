import type { CreditTerm, CreditTermStatus } from '../../src/contracts/credit-terms';
import { M } from '../../src/contracts/messages';
import type { Db, Queryable } from '../db/client';
import { AppError } from '../http/app-error';
import type { CartScope } from './cart/documents';

interface TermRow {
  supplier_id: string;
  status: CreditTermStatus;
  updated_ms: string;
}

const TERM_COLUMNS = `supplier_id, status, (extract(epoch from updated_at) * 1000)::bigint::text as updated_ms`;

const toTerm = (row: TermRow): CreditTerm => ({ supplier_id: row.supplier_id, status: row.status, updated_at: Number(row.updated_ms) });

/** Every credit term of the buyer (any supplier it ever asked), by supplier id. */
export async function creditTermsOf(q: Queryable, buyerId: string): Promise<CreditTerm[]> {
  const rows = await q.query<TermRow>(`select ${TERM_COLUMNS} from credit_terms where buyer_id = $1 order by supplier_id`, [buyerId]);
  return rows.map(toTerm);
}

/** Only a supplier buyers can see may be asked: an unknown or inactive one is answered as not found. */
async function checkSupplier(q: Queryable, supplierId: string): Promise<void> {
  const n = /^\d{1,10}$/.test(supplierId) ? Number(supplierId) : NaN;
  const rows =
    Number.isInteger(n) && n > 0 && n <= 2_147_483_647
      ? await q.query<{ status: string }>('select status from suppliers where id = $1', [n])
      : [];
  if (!rows[0] || rows[0].status === 'inactive') throw new AppError(404, M.supplierNotFound, undefined, 'SUPPLIER_NOT_FOUND');
}

/**
 * Asks a supplier for credit terms on the buyer's behalf (docs/decisions/023-credit-terms.md): no term or a rejected
 * one becomes `pending`; a pending or approved term is answered as it is. A request that changed the term is kept
 * under its request id, so the same request sent again (a lost answer) changes nothing, even if the supplier
 * rejected the term meanwhile; the same id from another person or for another supplier is refused (409).
 */
export async function askForCreditTerms(db: Db, scope: CartScope, input: { requestId: string; supplierId: string }): Promise<CreditTerm> {
  return db.transaction(async (tx) => {
    const term = async (): Promise<CreditTerm> => {
      const [row] = await tx.query<TermRow>(`select ${TERM_COLUMNS} from credit_terms where buyer_id = $1 and supplier_id = $2`, [
        scope.buyerId,
        input.supplierId,
      ]);
      if (!row) throw new Error('credit term missing after its request');
      return toTerm(row);
    };
    // The id first: a concurrent send of the same request waits here until this one is committed, then repeats it.
    const kept = await tx.query(
      `insert into credit_term_requests (buyer_id, request_id, customer_id, supplier_id) values ($1, $2, $3, $4)
       on conflict (buyer_id, request_id) do nothing returning request_id`,
      [scope.buyerId, input.requestId, scope.customerId, input.supplierId],
    );
    if (kept.length === 0) {
      const [earlier] = await tx.query<{ customer_id: string; supplier_id: string }>(
        'select customer_id, supplier_id from credit_term_requests where buyer_id = $1 and request_id = $2',
        [scope.buyerId, input.requestId],
      );
      if (earlier && (earlier.customer_id !== scope.customerId || earlier.supplier_id !== input.supplierId))
        throw new AppError(409, M.requestIdReused, undefined, 'REQUEST_ID_REUSED');
      return term();
    }
    await checkSupplier(tx, input.supplierId);
    const [changed] = await tx.query<TermRow>(
      `insert into credit_terms (buyer_id, supplier_id, status) values ($1, $2, 'pending')
       on conflict (buyer_id, supplier_id) do update set status = 'pending', updated_at = now()
         where credit_terms.status = 'rejected'
       returning ${TERM_COLUMNS}`,
      [scope.buyerId, input.supplierId],
    );
    if (changed) return toTerm(changed);
    // Pending or approved already: nothing changed, so nothing is kept.
    await tx.query('delete from credit_term_requests where buyer_id = $1 and request_id = $2', [scope.buyerId, input.requestId]);
    return term();
  });
}
