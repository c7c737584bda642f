import type { Db, Queryable } from '../../db/client';
import type { OrderConfirmation, OrderProblem, PlaceOrderBody } from '../../../src/contracts/order';
import { orderHash, orderTotals } from '../../../src/domain/order/order';
import type { CartScope } from '../cart/documents';
import { isAddressOf } from '../buyer-data';
import { checkOrder } from './check-order';

/** The advisory lock that orders writes to the order stream (any constant the bridge uses for nothing else). */
export const ORDER_STREAM_LOCK = 7020;

export class OrderError extends Error {
  constructor(
    readonly code: 'hash_mismatch' | 'duplicate_line' | 'id_reused' | 'rejected',
    readonly problems: OrderProblem[] = [],
  ) {
    super(code);
  }
}

interface StoredOrder {
  customer_id: string;
  hash: string;
  confirmation: OrderConfirmation;
}

async function storedOrder(q: Queryable, buyerId: string, orderId: string): Promise<StoredOrder | undefined> {
  const [row] = await q.query<StoredOrder>('select customer_id, hash, confirmation from orders where buyer_id = $1 and order_id = $2', [
    buyerId,
    orderId,
  ]);
  return row;
}

/** A repeat gets the first confirmation only from the person who placed it and with the same content. */
function repeated(stored: StoredOrder, scope: CartScope, hash: string): OrderConfirmation {
  if (stored.hash !== hash || stored.customer_id !== scope.customerId) throw new OrderError('id_reused');
  return stored.confirmation;
}

/**
 * The ordered lines leave the customer's cart on the bridge in the transaction that stores the order: a
 * line whose quantity another device raised since keeps the difference; a supplier with no line left loses
 * its payment choice and comment. Each change takes the next cart_seq, so every device pulls it.
 */
async function takeFromCart(q: Queryable, scope: CartScope, order: PlaceOrderBody['order'], nowMs: number): Promise<void> {
  const ordered = JSON.stringify(order.lines.map((l) => ({ id: l.line_id, qty: l.qty })));
  await q.query(
    `update cart_lines c set
       qty = case when c.qty > o.qty then c.qty - o.qty else c.qty end,
       deleted = c.qty <= o.qty,
       updated_at = greatest(c.updated_at + 1, $4::bigint),
       doc = c.doc || jsonb_build_object(
         'qty', case when c.qty > o.qty then c.qty - o.qty else c.qty end,
         '_deleted', c.qty <= o.qty,
         'updated_at', greatest(c.updated_at + 1, $4::bigint)),
       seq = nextval('cart_seq')
     from jsonb_to_recordset($3::jsonb) as o(id text, qty integer)
     where c.customer_id = $1 and c.buyer_id = $2 and c.id = o.id and not c.deleted`,
    [scope.customerId, scope.buyerId, ordered, nowMs],
  );
  await q.query(
    `update cart_suppliers s set
       deleted = true,
       updated_at = greatest(s.updated_at + 1, $4::bigint),
       doc = s.doc || jsonb_build_object('_deleted', true, 'updated_at', greatest(s.updated_at + 1, $4::bigint)),
       seq = nextval('cart_seq')
     where s.customer_id = $1 and s.buyer_id = $2 and s.supplier_id = $3 and not s.deleted
       and not exists (select 1 from cart_lines l
                       where l.customer_id = $1 and l.buyer_id = $2 and l.supplier_id = $3 and not l.deleted)`,
    [scope.customerId, scope.buyerId, order.supplier_id, nowMs],
  );
}

/**
 * docs/product-rules.md §4.10, the bridge's side: stores one supplier's order exactly once. The order_id is the
 * idempotency key (unique per buyer): a repeat, whenever it comes and whatever changed in the catalogue
 * since, gets the first confirmation; the same id with other content is refused. A new order is checked
 * against the bridge's own data (422 with every problem) and stored in one transaction with taking its lines
 * from the cart. Two requests with the same id at once: the unique key makes the second wait for the
 * first and then answer its confirmation.
 */
export async function placeOrder(db: Db, scope: CartScope, body: PlaceOrderBody, nowMs: number): Promise<OrderConfirmation> {
  const { order } = body;
  const { order_id: orderId, hash, created_at: placedAt, ...rest } = order;
  const content = { buyer_id: scope.buyerId, ...rest };
  if (orderHash(content) !== hash) throw new OrderError('hash_mismatch');
  if (new Set(order.lines.map((l) => l.line_id)).size !== order.lines.length) throw new OrderError('duplicate_line');

  const earlier = await storedOrder(db, scope.buyerId, orderId);
  if (earlier) return repeated(earlier, scope, hash);

  return db.transaction(async (tx) => {
    const problems = await checkOrder(tx, scope.buyerId, order, nowMs);
    if (problems.length > 0) throw new OrderError('rejected', problems);
    // Order writes take their place in the pull stream (order_seq) one at a time, so a device that pulled up to
    // a position never misses an earlier position committed later.
    await tx.query(`select pg_advisory_xact_lock(${ORDER_STREAM_LOCK})`);
    const [{ id } = { id: '0' }] = await tx.query<{ id: string }>("select nextval('order_number_seq')::text as id");
    const totals = orderTotals(order.lines);
    // The saved address named is kept only when it is this buyer's (the delivery address itself is in the order).
    const selectedAddressId =
      body.selected_address_id && (await isAddressOf(tx, scope.buyerId, body.selected_address_id)) ? body.selected_address_id : null;
    const confirmation: OrderConfirmation = {
      order_id: orderId,
      backend_order_id: id,
      hash,
      status: 'pending',
      supplier_id: order.supplier_id,
      payment_method: order.payment_method,
      received_at: nowMs,
      totals,
    };
    const inserted = await tx.query<{ backend_order_id: string }>(
      `insert into orders (backend_order_id, buyer_id, customer_id, order_id, hash, supplier_id, status, payment_method,
                           content, grand_total_cents, confirmation, placed_at)
       values ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10, $11)
       on conflict (buyer_id, order_id) do nothing
       returning backend_order_id`,
      [
        id,
        scope.buyerId,
        scope.customerId,
        orderId,
        hash,
        Number(order.supplier_id),
        order.payment_method,
        JSON.stringify({ ...content, selected_address_id: selectedAddressId }),
        totals.grand_total,
        JSON.stringify(confirmation),
        placedAt,
      ],
    );
    if (inserted.length === 0) {
      // Another request with this id committed while this one checked: answer what it stored.
      const stored = await storedOrder(tx, scope.buyerId, orderId);
      if (!stored) throw new Error('order vanished after a conflict on its id');
      return repeated(stored, scope, hash);
    }
    await takeFromCart(tx, scope, order, nowMs);
    return confirmation;
  });
}
