import type { Db } from '../db/client';
import { BUYER_REQUESTS_LISTED, type BuyerRequestDoc, type BuyerRequestKind, type BuyerRequestResult } from '../../src/contracts/requests';
import type { Queryable } from '../db/client';
import { M } from '../../src/contracts/messages';
import { AppError } from '../http/app-error';
import type { CartScope } from './cart/documents';

export interface BuyerRequestInput {
  kind: BuyerRequestKind;
  requestId: string;
  message: string;
  supplierId?: string | undefined;
  sku?: string | undefined;
  path?: string | undefined;
  type?: string | undefined;
}

interface StoredRequest {
  customer_id: string;
  kind: BuyerRequestKind;
  received_ms: string;
}

const toSupplierNumber = (id: string | undefined): number | null => {
  const n = Number(id);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/** What the request names must exist as it says: the product of that supplier, a supplier that is locked. */
async function checkTarget(db: Db, input: BuyerRequestInput): Promise<void> {
  const supplierId = toSupplierNumber(input.supplierId);
  if (input.kind === 'wholesale_price') {
    const rows = supplierId
      ? await db.query('select 1 from products where sku = $1 and supplier_id = $2 and status in (0, 1)', [input.sku, supplierId])
      : [];
    if (rows.length === 0) throw new AppError(404, M.notFound, undefined, 'PRODUCT_NOT_FOUND');
  }
  if (input.kind === 'locked_supplier') {
    const [row] = supplierId ? await db.query<{ status: string }>('select status from suppliers where id = $1', [supplierId]) : [];
    if (!row) throw new AppError(404, M.notFound, undefined, 'SUPPLIER_NOT_FOUND');
    if (row.status !== 'locked') throw new AppError(422, M.supplierNotLocked, undefined, 'SUPPLIER_NOT_LOCKED');
  }
}

function answer(requestId: string, stored: StoredRequest): BuyerRequestResult {
  return { request_id: requestId, kind: stored.kind, received_at: Number(stored.received_ms) };
}

/**
 * Stores one request of the buyer exactly once (docs/decisions/021-buyer-data-outbox.md): the device's
 * request id is the key per buyer; a repeat from the same person for the same kind gets the first answer,
 * anything else under that id is refused (409).
 */
export async function storeBuyerRequest(db: Db, scope: CartScope, input: BuyerRequestInput): Promise<BuyerRequestResult> {
  const find = async (): Promise<StoredRequest | undefined> =>
    (
      await db.query<StoredRequest>(
        `select customer_id, kind, (extract(epoch from received_at) * 1000)::bigint::text as received_ms
         from buyer_requests where buyer_id = $1 and request_id = $2`,
        [scope.buyerId, input.requestId],
      )
    )[0];
  const repeat = (stored: StoredRequest): BuyerRequestResult => {
    if (stored.customer_id !== scope.customerId || stored.kind !== input.kind)
      throw new AppError(409, M.requestIdReused, undefined, 'REQUEST_ID_REUSED');
    return answer(input.requestId, stored);
  };
  const earlier = await find();
  if (earlier) return repeat(earlier);
  await checkTarget(db, input);
  const inserted = await db.query<StoredRequest>(
    `insert into buyer_requests (buyer_id, customer_id, request_id, kind, supplier_id, sku, path, type, message)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (buyer_id, request_id) do nothing
     returning customer_id, kind, (extract(epoch from received_at) * 1000)::bigint::text as received_ms`,
    [
      scope.buyerId,
      scope.customerId,
      input.requestId,
      input.kind,
      toSupplierNumber(input.supplierId),
      input.sku ?? null,
      input.path ?? null,
      input.type ?? null,
      input.message,
    ],
  );
  const stored = inserted[0] ?? (await find());
  if (!stored) throw new Error('request vanished after a conflict on its id');
  return inserted[0] ? answer(input.requestId, stored) : repeat(stored);
}

/** The latest requests of the buyer: the customer's own, or every user's for a super user. */
export async function buyerRequests(q: Queryable, scope: CartScope & { isSuperUser: boolean }): Promise<BuyerRequestDoc[]> {
  const rows = await q.query<{
    request_id: string;
    kind: BuyerRequestKind;
    customer_id: string;
    supplier_id: number | null;
    sku: string | null;
    message: string;
    received_ms: string;
  }>(
    `select request_id, kind, customer_id, supplier_id, sku, message,
            (extract(epoch from received_at) * 1000)::bigint::text as received_ms
     from buyer_requests where buyer_id = $1 and ($2 or customer_id = $3)
     order by received_at desc, id desc limit ${BUYER_REQUESTS_LISTED}`,
    [scope.buyerId, scope.isSuperUser, scope.customerId],
  );
  return rows.map(({ received_ms: receivedMs, supplier_id: supplierId, ...row }) => ({
    ...row,
    supplier_id: supplierId === null ? null : String(supplierId),
    received_at: Number(receivedMs),
  }));
}
