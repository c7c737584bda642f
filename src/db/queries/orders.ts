import { map, type Observable } from 'rxjs';
import type { HistoryOrder, HistoryStatus } from '../../domain/order/history';
import type { OrderLine } from '../../domain/order/order';
import type { AppDatabase } from '../database';
import type { OrderDoc, PaymentType } from '../schema/orders';

/** An order as the storefront shows it: in the queue's list, the history and the order's detail. */
export interface OrderView extends HistoryOrder {
  buyerId: string;
  customerName?: string | undefined;
  paymentType?: PaymentType | undefined;
  comment?: string | undefined;
  transmitted: boolean;
  lines: {
    lineId: string;
    sku: string;
    parentSku?: string | undefined;
    name: string;
    qty: number;
    price: number;
    taxRate: number;
    typeId: string;
    options?: Record<string, unknown> | undefined;
  }[];
  /** The bridge's last refusal of a queued order, with a 422's problems. */
  lastError?: { code: number; description: string; problems: Record<string, unknown>[] } | undefined;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

export function orderView(doc: OrderDoc): OrderView {
  const status: HistoryStatus = !doc.transmited ? 'waiting' : doc.status === 'in_progress' ? 'pending' : doc.status;
  const lines = doc.products.map((p) => ({
    lineId: text(p.line_id),
    sku: text(p.sku),
    name: text(p.name),
    qty: num(p.qty),
    price: num(p.price),
    taxRate: num(p.tax_rate),
    typeId: text(p.type_id),
    ...(typeof p.parent_sku === 'string' ? { parentSku: p.parent_sku } : {}),
    ...(p.options && typeof p.options === 'object' ? { options: p.options as Record<string, unknown> } : {}),
  }));
  return {
    id: doc.id,
    buyerId: doc.buyer_id,
    backendOrderId: doc.backend_order_id,
    status,
    createdAt: doc.created_at,
    supplierId: doc.supplier_id,
    supplierName: doc.store_name ?? doc.supplier_id,
    customerId: doc.customer_id,
    customerName: doc.customer_name,
    total: doc.total_due,
    products: lines.map((l) => ({ sku: l.sku, name: l.name })),
    lines,
    paymentType: doc.payment_type,
    comment: doc.comment,
    transmitted: doc.transmited,
    ...(doc.last_error
      ? { lastError: { code: doc.last_error.code, description: doc.last_error.description, problems: doc.last_error.problems ?? [] } }
      : {}),
  };
}

/** The signed-in customer's orders still on the device, oldest first (the header's indicator and its list). */
export function observeQueuedOrders(db: AppDatabase, customerId: string): Observable<OrderView[]> {
  return db.orders
    .find({ selector: { customer_id: customerId, transmited: false }, sort: [{ created_at: 'asc' }] })
    .$.pipe(map((docs) => docs.map((d) => orderView(d.toJSON() as OrderDoc))));
}

/** Every order of the buyer on the device (placed here or pulled), newest first. */
export function observeBuyerOrders(db: AppDatabase, buyerId: string): Observable<OrderView[]> {
  return db.orders
    .find({ selector: { buyer_id: buyerId }, sort: [{ created_at: 'desc' }] })
    .$.pipe(map((docs) => docs.map((d) => orderView(d.toJSON() as OrderDoc))));
}

/** An order's lines as the order rules read them. */
export function orderLinesOf(order: Pick<OrderView, 'lines'>): OrderLine[] {
  return order.lines.map((l) => ({
    line_id: l.lineId,
    sku: l.sku,
    name: l.name,
    qty: l.qty,
    price: l.price,
    tax_rate: l.taxRate,
    type_id: l.typeId as OrderLine['type_id'],
    ...(l.parentSku ? { parent_sku: l.parentSku } : {}),
    ...(l.options ? { options: l.options } : {}),
  }));
}
