import type { Db, Queryable } from '../../db/client';
import type { OrderStatus, OrderWireDoc } from '../../../src/contracts/order';
import type { CartScope } from '../cart/documents';
import { ORDER_STREAM_LOCK } from './place-order';

interface OrderRow {
  order_id: string;
  buyer_id: string;
  customer_id: string;
  customer_name: string;
  hash: string;
  backend_order_id: string;
  status: OrderStatus;
  supplier_id: number;
  supplier_name: string;
  payment_method: 1 | 2 | 3 | 4;
  placed_at: string;
  received_ms: string;
  updated_ms: string;
  content: {
    lines: OrderWireDoc['lines'];
    comment: string;
    address: OrderWireDoc['address'];
    shipping_method_code: string;
    selected_address_id: string | null;
    billing?: OrderWireDoc['billing'];
  };
  totals: OrderWireDoc['totals'];
  seq: string;
}

function toWire(row: OrderRow): OrderWireDoc {
  return {
    order_id: row.order_id,
    buyer_id: row.buyer_id,
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    hash: row.hash,
    backend_order_id: row.backend_order_id,
    status: row.status,
    supplier_id: String(row.supplier_id),
    supplier_name: row.supplier_name,
    payment_method: row.payment_method,
    placed_at: Number(row.placed_at),
    received_at: Number(row.received_ms),
    updated_at: Number(row.updated_ms),
    totals: row.totals,
    lines: row.content.lines,
    comment: row.content.comment,
    address: row.content.address,
    shipping_method_code: row.content.shipping_method_code,
    selected_address_id: row.content.selected_address_id ?? null,
    billing: row.content.billing ?? null,
  };
}

/**
 * The buyer's orders after a position of the order change stream (docs/decisions/020-orders.md): a customer
 * sees the orders they placed; a super user of the buyer sees every user's. Status changes move an order to
 * the end of the stream, so a device that pulls sees them.
 */
export async function pullOrders(
  q: Queryable,
  scope: CartScope & { isSuperUser: boolean },
  after: number,
  limit: number,
): Promise<{ documents: OrderWireDoc[]; checkpoint: { seq: number } }> {
  const rows = await q.query<OrderRow>(
    `select o.order_id, o.buyer_id, o.customer_id, trim(c.firstname || ' ' || c.lastname) as customer_name, o.hash,
            o.backend_order_id::text as backend_order_id, o.status, o.supplier_id, s.name as supplier_name, o.payment_method,
            o.placed_at::text as placed_at,
            (extract(epoch from o.received_at) * 1000)::bigint::text as received_ms,
            (extract(epoch from o.updated_at) * 1000)::bigint::text as updated_ms,
            o.content, o.confirmation->'totals' as totals, o.seq::text as seq
     from orders o
     join customers c on c.id = o.customer_id
     join suppliers s on s.id = o.supplier_id
     where o.buyer_id = $1 and ($2 or o.customer_id = $3) and o.seq > $4
     order by o.seq
     limit $5`,
    [scope.buyerId, scope.isSuperUser, scope.customerId, after, limit],
  );
  const last = rows.at(-1);
  return { documents: rows.map(toWire), checkpoint: { seq: last ? Number(last.seq) : after } };
}

/** Moves an order to a new status; false when there is no such order. */
export async function setOrderStatus(db: Db, backendOrderId: string, status: OrderStatus): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(${ORDER_STREAM_LOCK})`);
    const rows = await tx.query<{ backend_order_id: string }>(
      `update orders set status = $2, updated_at = now(), seq = nextval('order_seq')
       where backend_order_id = $1 returning backend_order_id`,
      [backendOrderId, status],
    );
    return rows.length > 0;
  });
}
