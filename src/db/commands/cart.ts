import type { CartTotalsResult } from '../../contracts/cart';
import { CART_COMMENT_MAX, checkCartQuantity, type PaymentMethodId, type StockStatus } from '../../domain/cart/rules';
import type { Cents } from '../../domain/money';
import { addTax } from '../../domain/tax';
import type { AppDatabase } from '../database';
import type { CartScope, CartCommandResult } from '../queries/cart-view';
import type { CartItemDoc } from '../schema/cart-items';
import type { OpenObject } from '../schema/fields';
import type { ProductType } from '../schema/products';

/**
 * Every write to a cart (docs/product-rules.md §4.3): answered at once from the local database, with or without
 * a network; replication carries it to the bridge later. Each command names the customer and buyer whose
 * cart it changes.
 */

export interface CartProductInput {
  sku: string;
  parentSku?: string | undefined;
  supplierId: string;
  name: string;
  image?: string | undefined;
  typeId: ProductType;
  /** Unit price excluding VAT now (the special price when active); what the buyer sees when adding. */
  price: Cents;
  taxRate: number;
  options?: OpenObject | undefined;
}

export interface StockKnown {
  status: StockStatus;
  qty?: number | undefined;
}

function sameOptions(a: OpenObject | undefined, b: OpenObject | undefined): boolean {
  return JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
}

export function scopeSelector(scope: CartScope) {
  return { customer_id: scope.customerId, buyer_id: scope.buyerId };
}

/** Adds `qty` of a product; the same product with the same options grows its line instead. */
export async function addToCart(
  db: AppDatabase,
  scope: CartScope,
  product: CartProductInput,
  qty: number,
  stock: StockKnown,
  now: number,
): Promise<CartCommandResult> {
  // The whole cart's query, not one by sku: it is the query the cart view keeps live (watchCart), so RxDB
  // answers it from its query cache instead of scanning the lines in IndexedDB (15 ms of a 200-line cart).
  const lines = await db.cart_items.find({ selector: scopeSelector(scope) }).exec();
  const existing = lines.find((line) => line.sku === product.sku && sameOptions(line.options, product.options));
  const total = (existing?.qty ?? 0) + qty;
  const check = checkCartQuantity({
    priceInclTax: addTax(product.price, product.taxRate),
    qty: Number.isInteger(qty) && qty >= 1 ? total : qty,
    stock: stock.status,
    stockQty: stock.qty,
  });
  if (!check.ok) return { ok: false, error: check.error, ...(check.maxQuantity !== undefined ? { maxQuantity: check.maxQuantity } : {}) };
  if (existing) {
    await existing.incrementalPatch({ qty: total, updated_at: Math.max(now, existing.updated_at + 1) });
  } else {
    const doc: CartItemDoc = {
      id: crypto.randomUUID(),
      customer_id: scope.customerId,
      buyer_id: scope.buyerId,
      sku: product.sku,
      supplier_id: product.supplierId,
      qty,
      price: product.price,
      tax_rate: product.taxRate,
      name: product.name,
      type_id: product.typeId,
      updated_at: now,
      ...(product.parentSku ? { parent_sku: product.parentSku } : {}),
      ...(product.image ? { image: product.image } : {}),
      ...(product.options ? { options: product.options } : {}),
    };
    await db.cart_items.insert(doc);
  }
  if (check.warning === 'volatile') return { ok: true, notice: 'volatile' };
  return { ok: true, notice: existing ? 'updated' : 'added' };
}

async function lineOf(db: AppDatabase, scope: CartScope, lineId: string) {
  const line = await db.cart_items.findOne(lineId).exec();
  return line && line.customer_id === scope.customerId && line.buyer_id === scope.buyerId ? line : null;
}

/** Sets a line's quantity (a positive whole number, at most the stock when the stock is known). */
export async function setLineQuantity(
  db: AppDatabase,
  scope: CartScope,
  lineId: string,
  qty: number,
  stock: StockKnown,
  now: number,
): Promise<CartCommandResult> {
  const line = await lineOf(db, scope, lineId);
  if (!line) return { ok: false, error: 'not_found' };
  const check = checkCartQuantity({
    priceInclTax: 0,
    qty,
    stock: stock.status === 'out_of_stock' ? 'ok' : stock.status,
    stockQty: stock.qty,
  });
  if (!check.ok) return { ok: false, error: check.error, ...(check.maxQuantity !== undefined ? { maxQuantity: check.maxQuantity } : {}) };
  await line.incrementalPatch({ qty, updated_at: Math.max(now, line.updated_at + 1) });
  return { ok: true, notice: 'updated' };
}

/** Drops the choices of suppliers that have no line left in the cart. */
export async function dropEmptySuppliers(db: AppDatabase, scope: CartScope): Promise<void> {
  const [lines, suppliers] = await Promise.all([
    db.cart_items.find({ selector: scopeSelector(scope) }).exec(),
    db.cart_suppliers.find({ selector: scopeSelector(scope) }).exec(),
  ]);
  const withLines = new Set(lines.map((l) => l.supplier_id));
  await db.cart_suppliers.bulkRemove(suppliers.filter((s) => !withLines.has(s.supplier_id)));
}

/** Removes a line; a supplier's last line takes its payment choice and comment with it. */
export async function removeLine(db: AppDatabase, scope: CartScope, lineId: string): Promise<CartCommandResult> {
  const line = await lineOf(db, scope, lineId);
  if (!line) return { ok: false, error: 'not_found' };
  await line.remove();
  await dropEmptySuppliers(db, scope);
  return { ok: true, notice: 'removed' };
}

/** Empties the cart, keeping the lines of suppliers excluded from this checkout unless `force`. */
export async function clearCart(db: AppDatabase, scope: CartScope, options: { force: boolean }): Promise<number> {
  const [lines, suppliers] = await Promise.all([
    db.cart_items.find({ selector: scopeSelector(scope) }).exec(),
    db.cart_suppliers.find({ selector: scopeSelector(scope) }).exec(),
  ]);
  const excluded = new Set(suppliers.filter((s) => s.excluded).map((s) => s.supplier_id));
  const going = lines.filter((l) => options.force || !excluded.has(l.supplier_id));
  await db.cart_items.bulkRemove(going);
  await dropEmptySuppliers(db, scope);
  return going.length;
}

async function patchSupplier(
  db: AppDatabase,
  scope: CartScope,
  supplierId: string,
  change: { payment_method?: PaymentMethodId; comment?: string; excluded?: boolean },
  now: number,
): Promise<void> {
  const key = `${scope.customerId}|${scope.buyerId}|${supplierId}`;
  const current = await db.cart_suppliers.findOne(key).exec();
  if (current) {
    await current.incrementalPatch({ ...change, updated_at: Math.max(now, current.updated_at + 1) });
    return;
  }
  await db.cart_suppliers.insert({
    key,
    customer_id: scope.customerId,
    buyer_id: scope.buyerId,
    supplier_id: supplierId,
    comment: '',
    excluded: false,
    ...change,
    updated_at: now,
  });
}

export async function setSupplierPayment(
  db: AppDatabase,
  scope: CartScope,
  supplierId: string,
  method: PaymentMethodId,
  now: number,
): Promise<CartCommandResult> {
  await patchSupplier(db, scope, supplierId, { payment_method: method }, now);
  return { ok: true, notice: 'saved' };
}

export async function setSupplierComment(
  db: AppDatabase,
  scope: CartScope,
  supplierId: string,
  comment: string,
  now: number,
): Promise<CartCommandResult> {
  if (comment.length > CART_COMMENT_MAX || comment.includes('\u0000')) return { ok: false, error: 'comment_too_long' };
  await patchSupplier(db, scope, supplierId, { comment }, now);
  return { ok: true, notice: 'saved' };
}

export async function setSupplierExcluded(
  db: AppDatabase,
  scope: CartScope,
  supplierId: string,
  excluded: boolean,
  now: number,
): Promise<CartCommandResult> {
  await patchSupplier(db, scope, supplierId, { excluded }, now);
  return { ok: true, notice: 'saved' };
}

/** The buyer saw the new prices (the cart price changes dialog): the lines take them. */
export async function acceptPriceChanges(
  db: AppDatabase,
  scope: CartScope,
  changes: readonly { lineId: string; newPrice: Cents; newTaxRate: number }[],
  now: number,
): Promise<number> {
  let accepted = 0;
  for (const change of changes) {
    const line = await lineOf(db, scope, change.lineId);
    if (!line) continue;
    await line.incrementalPatch({ price: change.newPrice, tax_rate: change.newTaxRate, updated_at: Math.max(now, line.updated_at + 1) });
    accepted += 1;
  }
  return accepted;
}

/** Stock answers kept apart from the catalogue (a database-level local document, per sku). */
export const CART_STOCK_KEY = 'cart-stock';
export type CartStockRecord = Record<string, { status: StockStatus; qty: number; checkedAt: number }>;

export async function recordStock(db: AppDatabase, results: CartStockRecord): Promise<void> {
  const current = await db.getLocal<{ bySku: CartStockRecord }>(CART_STOCK_KEY);
  await db.upsertLocal(CART_STOCK_KEY, { bySku: { ...(current?.get('bySku') ?? {}), ...results } });
}

/**
 * What the bridge last answered about one customer's cart for one buyer (docs/product-rules.md §4 "Cart
 * totals"): the totals with the cart hash they were computed from, the coupon kept on the cart (its rule,
 * so the discount is computed offline too) and the payment methods per supplier, credit included where
 * the supplier approved it for this buyer. A database-level local document per customer and buyer.
 */
export interface CartServerState {
  /** Absent until a totals answer matched the device's cart. */
  hash?: string;
  syncedAt?: number;
  totals?: CartTotalsResult;
  coupon: CartTotalsResult['coupon_rule'];
  paymentMethods: Record<string, PaymentMethodId[]>;
}

export const cartServerKey = (scope: CartScope): string => `cart-server:${scope.customerId}:${scope.buyerId}`;

export async function readCartServerState(db: AppDatabase, scope: CartScope): Promise<CartServerState> {
  const doc = await db.getLocal<CartServerState>(cartServerKey(scope));
  return doc ? (doc.toJSON().data as CartServerState) : { coupon: null, paymentMethods: {} };
}

export async function recordCartServerState(db: AppDatabase, scope: CartScope, patch: Partial<CartServerState>): Promise<void> {
  const current = await readCartServerState(db, scope);
  await db.upsertLocal<CartServerState>(cartServerKey(scope), { ...current, ...patch });
}
