import { billingFormSchema } from '../../contracts/billing';
import { shippingAddressSchema } from '../../contracts/cart';
import type { PlaceOrderBody } from '../../contracts/order';
import type { PaymentMethodId } from '../../domain/cart/rules';
import {
  orderHash,
  orderTotals,
  ordersFromCart,
  type OrderAddress,
  type OrderBilling,
  type OrderContent,
  type OrderSplitProblem,
} from '../../domain/order/order';
import type { AppDatabase } from '../database';
import type { CartScope } from '../queries/cart-view';
import type { OrderDoc, PaymentType } from '../schema/orders';
import { dropEmptySuppliers, scopeSelector } from './cart';

/** The store view orders are placed in (docs/product-rules.md §1.7): one Greek marketplace. */
export const ORDER_STORE_CODE = 'el';

export const PAYMENT_TYPE: Record<PaymentMethodId, PaymentType> = { 1: 'card', 2: 'direct', 3: 'credit', 4: 'direct' };

export interface PlaceCartInput {
  scope: CartScope;
  address: OrderAddress;
  shippingMethodCode: string;
  /** The buyer's saved address the delivery address came from, if any. */
  selectedAddressId?: string | undefined;
  /** Who the invoices are issued to; without it, the buyer's billing details on the bridge. */
  billing?: OrderBilling | undefined;
  now: number;
  newId?: () => string;
}

export interface PlaceCartResult {
  /** Orders queued now, one per supplier. */
  placed: OrderDoc[];
  /** Suppliers whose identical order is already waiting to be sent (a second tap of "Place order"). */
  alreadyQueued: string[];
  /** Why nothing was placed: a supplier under its minimum or without a payment method. */
  problems: OrderSplitProblem[];
}

export function requestOf(
  content: OrderContent,
  orderId: string,
  hash: string,
  createdAt: number,
  selectedAddressId?: string,
): PlaceOrderBody {
  const { buyer_id: buyerId, ...rest } = content;
  return {
    buyer_id: buyerId,
    ...(selectedAddressId ? { selected_address_id: selectedAddressId } : {}),
    order: { order_id: orderId, hash, created_at: createdAt, ...rest },
  };
}

/**
 * Places the cart (docs/product-rules.md §4.10): one order per supplier that is not left out, each stored in
 * `orders` untransmitted, with the exact request the queue will send (so every resend is identical and the
 * bridge recognises it by its id), then its lines leave the cart. Works offline: sending is the queue's job.
 * The order is written before the lines are removed, so a crash in between leaves the lines in the cart,
 * and placing them again finds the same hash waiting and queues nothing twice.
 */
export async function placeCartOrders(db: AppDatabase, input: PlaceCartInput): Promise<PlaceCartResult> {
  const { scope } = input;
  // The bridge hashes the address as its contract reads it; so does the device, or the hashes would differ.
  const address = shippingAddressSchema.parse(input.address);
  const billing = input.billing ? billingFormSchema.parse(input.billing) : undefined;
  const [lines, choices] = await Promise.all([
    db.cart_items.find({ selector: scopeSelector(scope) }).exec(),
    db.cart_suppliers.find({ selector: scopeSelector(scope) }).exec(),
  ]);
  const supplierIds = [...new Set(lines.map((l) => l.supplier_id))];
  const suppliers = await db.suppliers.findByIds(supplierIds).exec();
  const split = ordersFromCart({
    buyerId: scope.buyerId,
    lines: lines.map((l) => ({
      line_id: l.id,
      sku: l.sku,
      name: l.name,
      qty: l.qty,
      price: l.price,
      tax_rate: l.tax_rate,
      type_id: l.type_id,
      supplier_id: l.supplier_id,
      ...(l.parent_sku ? { parent_sku: l.parent_sku } : {}),
      ...(l.options ? { options: structuredClone(l.options) } : {}),
    })),
    choices: choices.map((c) => ({
      supplier_id: c.supplier_id,
      payment_method: c.payment_method,
      comment: c.comment,
      excluded: c.excluded,
    })),
    minimumOf: (id) => suppliers.get(id)?.minimum_order ?? 0,
    address,
    shippingMethodCode: input.shippingMethodCode,
    billing,
  });
  if (split.problems.length > 0) return { placed: [], alreadyQueued: [], problems: split.problems };

  const newId = input.newId ?? (() => crypto.randomUUID());
  const placed: OrderDoc[] = [];
  const alreadyQueued: string[] = [];
  for (const content of split.orders) {
    const hash = orderHash(content);
    const waiting = await db.orders.findOne({ selector: { buyer_id: scope.buyerId, hash, transmited: false } }).exec();
    if (waiting) {
      alreadyQueued.push(content.supplier_id);
      continue;
    }
    const id = newId();
    const supplier = suppliers.get(content.supplier_id);
    const doc: OrderDoc = {
      id,
      buyer_id: scope.buyerId,
      customer_id: scope.customerId,
      supplier_id: content.supplier_id,
      ...(content.comment ? { comment: content.comment } : {}),
      hash,
      transmited: false,
      created_at: input.now,
      updated_at: input.now,
      status: 'in_progress',
      payment_type: PAYMENT_TYPE[content.payment_method],
      store_code: ORDER_STORE_CODE,
      ...(supplier ? { store_name: supplier.name } : {}),
      total_due: orderTotals(content.lines).grand_total,
      products: content.lines.map((l) => ({ ...l })),
      request: requestOf(content, id, hash, input.now, input.selectedAddressId) as unknown as Record<string, unknown>,
      ...(input.selectedAddressId ? { selected_address_id: input.selectedAddressId } : {}),
    };
    await db.orders.insert(doc);
    placed.push(doc);
  }
  const ordered = new Set(split.orders.flatMap((o) => o.lines.map((l) => l.line_id)));
  await db.cart_items.bulkRemove(lines.filter((l) => ordered.has(l.id)));
  await dropEmptySuppliers(db, scope);
  return { placed, alreadyQueued, problems: [] };
}
