import type { Queryable } from '../../db/client';
import type { ShippingAddress } from '../../../src/contracts/cart';
import type { OrderProblem } from '../../../src/contracts/order';
import { bundleSelectionsOf } from '../../../src/domain/cart/line-price';
import { shippingMethodsFor } from '../cart/cart';
import { asRecord, bool, num } from '../change-feed/doc-fields';

export interface ProductRow {
  sku: string;
  type_id: string;
  status: number;
  supplier_id: number;
  parent_sku: string | null;
  price_cents: number;
  data: Record<string, unknown>;
}

/** A line to check: what the buyer wants, from which supplier. */
export interface AvailabilityLine {
  line_id: string;
  sku: string;
  qty: number;
  type_id: string;
  options?: Record<string, unknown> | undefined;
  supplier_id: string;
}

export type AvailabilityProblem = Extract<
  OrderProblem,
  { kind: 'product_unavailable' | 'out_of_stock' | 'supplier_unavailable' | 'shipping_method_unknown' }
>;

/** The catalogue lists status 0 and 1 (docs/product-rules.md §5.4); 2 is disabled. */
export const orderableStatus = (status: number): boolean => status === 0 || status === 1;

function stockOf(row: ProductRow): { qty: number; isInStock: boolean; manageStock: boolean } {
  const stock = asRecord(row.data.stock);
  return {
    qty: Math.max(0, Math.floor(num(stock, 'qty') ?? 0)),
    isInStock: bool(stock, 'is_in_stock') ?? false,
    manageStock: bool(stock, 'manage_stock') ?? true,
  };
}

export interface Availability {
  /** Suppliers that do not take orders now (not active: inactive or locked). */
  suppliers: AvailabilityProblem[];
  /** Lines naming something that cannot be ordered (gone, disabled, another supplier's, not a boxable type). */
  unavailable: AvailabilityProblem[];
  /** Products short of stock for what the lines need together (a bundle needs its chosen products). */
  stock: AvailabilityProblem[];
  /** The delivery address, when one is given and no shipping method serves it. */
  address: AvailabilityProblem[];
  /** The catalogue rows read, by sku (lines and bundle selections). */
  products: Map<string, ProductRow>;
}

/**
 * Whether the lines can be ordered today, by the bridge's own catalogue (docs/product-rules.md §5.7): the
 * suppliers active, each line a product of its supplier that can be put in a box, the stock enough for what
 * the lines need together, and the address one a shipping method serves. Prices are not part of it.
 */
export async function checkAvailability(
  q: Queryable,
  lines: readonly AvailabilityLine[],
  address?: ShippingAddress,
): Promise<Availability> {
  const supplierIds = [...new Set(lines.map((l) => l.supplier_id))];
  const numericIds = supplierIds.map(Number).filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  const activeRows = await q.query<{ id: number }>("select id from suppliers where id = any($1) and status = 'active'", [numericIds]);
  const active = new Set(activeRows.map((r) => String(r.id)));
  const suppliers: AvailabilityProblem[] = supplierIds
    .filter((id) => !active.has(id))
    .map((id) => ({ kind: 'supplier_unavailable', supplier_id: id }));

  const skus = new Set(lines.map((l) => l.sku));
  for (const line of lines) for (const s of bundleSelectionsOf(line.options)) skus.add(s.sku);
  const rows = await q.query<ProductRow>(
    'select sku, type_id, status, supplier_id, parent_sku, price_cents, data from products where sku = any($1)',
    [[...skus]],
  );
  const products = new Map(rows.map((r) => [r.sku, r]));

  const unavailable: AvailabilityProblem[] = [];
  const needed = new Map<string, { qty: number; lineId: string }>();
  const need = (sku: string, qty: number, lineId: string): void => {
    const entry = needed.get(sku);
    needed.set(sku, { qty: (entry?.qty ?? 0) + qty, lineId: entry?.lineId ?? lineId });
  };
  for (const line of lines) {
    const row = products.get(line.sku);
    // A line names something that can be put in a box: a simple product, a variant, a bundle.
    const orderable =
      row &&
      orderableStatus(row.status) &&
      String(row.supplier_id) === line.supplier_id &&
      row.type_id !== 'configurable' &&
      row.type_id !== 'grouped';
    if (!orderable) {
      unavailable.push({ kind: 'product_unavailable', line_id: line.line_id, sku: line.sku });
      continue;
    }
    const selections = line.type_id === 'bundle' ? bundleSelectionsOf(line.options) : [];
    if (selections.length > 0) for (const s of selections) need(s.sku, Math.max(0, s.qty) * line.qty, line.line_id);
    else need(line.sku, line.qty, line.line_id);
  }
  const stock: AvailabilityProblem[] = [];
  for (const [sku, { qty, lineId }] of needed) {
    const row = products.get(sku);
    if (!row) continue;
    const s = stockOf(row);
    const available = !s.isInStock ? 0 : s.manageStock ? s.qty : Number.POSITIVE_INFINITY;
    if (qty > available) stock.push({ kind: 'out_of_stock', line_id: lineId, sku, available: Number.isFinite(available) ? available : 0 });
  }
  const served = !address || shippingMethodsFor(address).length > 0;
  const addressProblems: AvailabilityProblem[] = served ? [] : [{ kind: 'shipping_method_unknown', shipping_method_code: 'standard' }];
  return { suppliers, unavailable, stock, address: addressProblems, products };
}
