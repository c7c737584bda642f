import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { orderHash, type OrderAddress, type OrderContent, type OrderLine } from '../../../src/domain/order/order';
import { findTaxRate, type TaxRule } from '../../../src/domain/tax';
import type { Queryable } from '../../../server/db/client';
import { pricing } from '../../../server/services/change-feed/product-documents';

/** Orders as a device makes them, for tests of the bridge's order calls. */

export interface OrderableProduct {
  sku: string;
  name: string;
  supplierId: string;
  /** Unit price excl. VAT now, and the store's VAT rate: what the bridge will check. */
  price: number;
  taxRate: number;
  stock: number;
}

/** Simple, enabled products of active suppliers with managed stock of at least `minStock`, by supplier. */
export async function orderableProducts(q: Queryable, minStock: number): Promise<Map<string, OrderableProduct[]>> {
  const rows = await q.query<{ sku: string; supplier_id: number; price_cents: number; name: string; data: Record<string, unknown> }>(
    `select p.sku, p.supplier_id, p.price_cents, p.name, p.data from products p join suppliers s on s.id = p.supplier_id
     where p.type_id = 'simple' and p.parent_sku is null and p.status = 1 and s.status = 'active'
       and (p.data->'stock'->>'manage_stock')::boolean and (p.data->'stock'->>'qty')::int >= $1
     order by p.supplier_id, p.sku`,
    [minStock],
  );
  const rules = (await q.query<{ data: TaxRule }>('select data from tax_rules')).map((r) => r.data);
  const now = Date.now();
  const bySupplier = new Map<string, OrderableProduct[]>();
  for (const r of rows) {
    const product: OrderableProduct = {
      sku: r.sku,
      name: r.name,
      supplierId: String(r.supplier_id),
      price: pricing(r.price_cents, r.data, now).final_price,
      taxRate: findTaxRate(Number(r.data.tax_class_id ?? 0), rules, { country: 'GR' }),
      stock: Number((r.data.stock as { qty: number }).qty),
    };
    bySupplier.set(product.supplierId, [...(bySupplier.get(product.supplierId) ?? []), product]);
  }
  return bySupplier;
}

export const TEST_ADDRESS: OrderAddress = {
  firstname: 'Ελένη',
  lastname: 'Παππά',
  street: ['Λεωφόρος Κηφισίας 12'],
  city: 'Αθήνα',
  postcode: '11526',
  country_id: 'GR',
  telephone: '2101234567',
};

export function orderLine(p: OrderableProduct, qty: number, lineId: string = randomUUID()): OrderLine {
  return { line_id: lineId, sku: p.sku, name: p.name, qty, price: p.price, tax_rate: p.taxRate, type_id: 'simple' };
}

/** The body of POST /api/bridge/buyer/order with a fresh order id and the content's hash. */
export function orderBody(buyerId: string, supplierId: string, lines: OrderLine[], over: Partial<OrderContent> = {}) {
  const content: OrderContent = {
    buyer_id: buyerId,
    supplier_id: supplierId,
    lines,
    payment_method: 2,
    comment: 'Παράδοση πρωί',
    address: TEST_ADDRESS,
    shipping_method_code: 'standard',
    ...over,
  };
  const { buyer_id: _buyer, ...rest } = content;
  return {
    buyer_id: buyerId,
    order: { order_id: randomUUID(), hash: orderHash(content), created_at: Date.now() - 60_000, ...rest },
  };
}
export type OrderBody = ReturnType<typeof orderBody>;

export function placeOrderAs(app: FastifyInstance, token: string | undefined, body: object) {
  return app.inject({
    method: 'POST',
    url: '/api/bridge/buyer/order',
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    payload: body,
  });
}

export async function countOrders(q: Queryable, orderId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>('select count(*)::int as n from orders where order_id = $1', [orderId]);
  return row?.n ?? 0;
}
