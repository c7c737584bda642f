import type { RxJsonSchema } from 'rxdb';
import type { Cents } from '../../domain/money';
import {
  boolField,
  centsField,
  epochMsField,
  idField,
  keyField,
  openObjectField,
  openObjectListField,
  textField,
  type OpenObject,
} from './fields';

export type OrderStatus = 'in_progress' | 'pending' | 'pending_approval' | 'accepted' | 'canceled' | 'closed';
export type PaymentType = 'direct' | 'credit' | 'card';

export interface OrderError {
  code: number;
  description: string;
  /** A 422's problems (src/contracts/order.ts orderProblemSchema), for the buyer to fix the order. */
  problems?: OpenObject[];
}

/**
 * An order (docs/product-rules.md §3 Order): placed here and queued until transmitted, or pulled from the history.
 * `transmited` keeps the spelling of the product rules (docs/product-rules.md §3). An untransmitted order is never deleted locally.
 */
export interface OrderDoc {
  /** order_id, client-generated when placed here. */
  id: string;
  buyer_id: string;
  customer_id: string;
  /** Who placed it (pulled orders of colleagues, for a super user's history). */
  customer_name?: string;
  /** One order per supplier. */
  supplier_id: string;
  comment?: string;
  /** SHA3-224 hex of the order: the bridge's idempotency key; '' for orders pulled from history. */
  hash: string;
  transmited: boolean;
  transmited_at?: number;
  created_at: number;
  updated_at: number;
  status: OrderStatus;
  payment_type?: PaymentType;
  store_code: string;
  store_name?: string;
  total_due: Cents;
  products: OpenObject[];
  /** The order body sent to POST bridge/buyer/order, kept verbatim so a resend is identical. */
  request?: OpenObject;
  selected_address_id?: string;
  backend_order_id?: string;
  /** The last refusal, shown next to the queued order. */
  last_error?: OrderError;
}

export const orderSchema: RxJsonSchema<OrderDoc> = {
  title: 'orders',
  description: 'Orders placed on this device (outbox) and the order history',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField(),
    buyer_id: idField(),
    customer_id: textField,
    customer_name: textField,
    supplier_id: textField,
    comment: textField,
    hash: keyField(64),
    transmited: boolField,
    transmited_at: epochMsField,
    created_at: epochMsField,
    updated_at: epochMsField,
    status: { type: 'string', maxLength: 32 },
    payment_type: { type: 'string', maxLength: 16 },
    store_code: textField,
    store_name: textField,
    total_due: centsField,
    products: openObjectListField,
    request: openObjectField,
    selected_address_id: textField,
    backend_order_id: textField,
    last_error: {
      type: 'object',
      properties: { code: { type: 'integer' }, description: textField },
      required: ['code', 'description'],
    },
  },
  required: [
    'id',
    'buyer_id',
    'customer_id',
    'supplier_id',
    'hash',
    'transmited',
    'created_at',
    'updated_at',
    'status',
    'store_code',
    'total_due',
    'products',
  ],
  // History newest first per buyer; the outbox sends untransmitted orders oldest first; a repeated
  // hash is found without a scan.
  indexes: [
    ['buyer_id', 'created_at'],
    ['transmited', 'created_at'],
    ['buyer_id', 'hash'],
  ],
};

/** Version 1 names the supplier on the order (from the request an order placed here keeps). */
export const orderMigrations = {
  1: (doc: Omit<OrderDoc, 'supplier_id'>): OrderDoc => {
    const order = (doc.request as { order?: { supplier_id?: unknown } } | undefined)?.order;
    return { ...doc, supplier_id: typeof order?.supplier_id === 'string' ? order.supplier_id : '' };
  },
};
