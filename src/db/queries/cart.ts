import { combineLatest, distinctUntilChanged, map, of, shareReplay, switchMap, type Observable } from 'rxjs';
import { cartHash } from '../../domain/cart/hash';
import { missingForMinimum, computeCartTotals, DEFAULT_SHIPPING, type CouponRule } from '../../domain/cart/totals';
import { paymentMethodsFor, type PaymentMethodId, type StockStatus } from '../../domain/cart/rules';
import { bundleSelectionsOf, currentLinePrice } from '../../domain/cart/line-price';
import { finalPrice, type PricedItem } from '../../domain/pricing';
import { addTax, findTaxRate } from '../../domain/tax';
import { CART_STOCK_KEY, cartServerKey, type CartServerState, type CartStockRecord } from '../commands/cart';
import type { AppDatabase } from '../database';
import type { CartItemDoc } from '../schema/cart-items';
import type { CartSupplierDoc } from '../schema/cart-suppliers';
import type { ProductDoc } from '../schema/products';
import type { SupplierDoc } from '../schema/suppliers';
import type { CartLineView, CartScope, CartView, PriceChangeView, SupplierCartView } from './cart-view';
import { observeDatabaseLocal } from './local-document';
import { observeTaxSettings, type TaxSettings } from './product-tax';

/** The price fields of the sku a line holds: the product itself, or a variant embedded in its parent. */
export function pricedItemOf(product: ProductDoc | undefined, sku: string): (PricedItem & { tax_class_id: number }) | undefined {
  if (!product) return undefined;
  if (product.sku === sku) return product;
  const child = product.configurable_children?.find((c) => c.sku === sku);
  if (!child || typeof child.price !== 'number') return undefined;
  return {
    price: child.price,
    special_price: typeof child.special_price === 'number' ? child.special_price : undefined,
    special_from_date: typeof child.special_from_date === 'number' ? child.special_from_date : undefined,
    special_to_date: typeof child.special_to_date === 'number' ? child.special_to_date : undefined,
    tax_class_id: product.tax_class_id,
  };
}

interface Sources {
  lines: CartItemDoc[];
  choices: CartSupplierDoc[];
  products: Map<string, ProductDoc>;
  suppliers: Map<string, SupplierDoc>;
  tax: TaxSettings;
  stock: CartStockRecord;
  /** What the bridge last answered for this cart; absent before the first answer. */
  server?: CartServerState | undefined;
}

/**
 * The methods a supplier accepts. Credit (3) only where the bridge said the supplier approved credit terms
 * for this buyer (its payment-methods answer, kept on the device); the bridge refuses a choice it cannot honour.
 */
function acceptedMethods(supplier: SupplierDoc | undefined, fromBridge: readonly PaymentMethodId[] | undefined): PaymentMethodId[] {
  return paymentMethodsFor({
    creditApproved: fromBridge?.includes(3) ?? false,
    onlyVirtualItems: false,
    listed: supplier?.payment_methods,
  });
}

function couponRuleOf(wire: CartServerState['coupon'] | undefined): CouponRule | undefined {
  if (!wire) return undefined;
  return {
    code: wire.code,
    kind: wire.kind,
    value: wire.value,
    supplierId: wire.supplier_id ?? undefined,
    minSubtotalInclTax: wire.min_subtotal_incl_tax ?? undefined,
  };
}

/** The cart hash of the device's lines, exclusions and coupon: the same function the bridge hashes its totals with. */
export function localCartHash(
  lines: readonly Pick<CartItemDoc, 'sku' | 'qty' | 'price' | 'supplier_id'>[],
  choices: readonly Pick<CartSupplierDoc, 'supplier_id' | 'excluded'>[],
  couponCode: string,
): string {
  return cartHash(
    lines.map((l) => ({ sku: l.sku, qty: l.qty, price: l.price, supplierId: l.supplier_id })),
    choices.filter((c) => c.excluded).map((c) => c.supplier_id),
    couponCode,
  );
}

/** Builds the cart view from what the local database holds (pure, so it is tested without RxDB). */
export function buildCartView(scope: CartScope, s: Sources, now: number): CartView {
  const choiceOf = new Map(s.choices.map((c) => [c.supplier_id, c]));
  const excluded = new Set(s.choices.filter((c) => c.excluded).map((c) => c.supplier_id));
  const coupon = couponRuleOf(s.server?.coupon);
  const totals = computeCartTotals({
    lines: s.lines.map((l) => ({ supplierId: l.supplier_id, qty: l.qty, price: l.price, taxRate: l.tax_rate })),
    excludedSuppliers: excluded,
    shippingPerSupplier: DEFAULT_SHIPPING,
    coupon,
  });
  const hash = localCartHash(s.lines, s.choices, coupon?.code ?? '');
  // Online and in step with the bridge, its segments are shown; otherwise the device's own computation.
  const bridge = s.server?.totals && s.server.hash === hash ? s.server.totals : undefined;
  const priceChanges: PriceChangeView[] = [];
  const bySupplier = new Map<string, CartLineView[]>();
  s.lines.forEach((line, index) => {
    const row = totals.rows[index] ?? { rowTotal: 0, rowTotalInclTax: 0 };
    const stock = s.stock[line.sku];
    const view: CartLineView = {
      id: line.id,
      sku: line.sku,
      name: line.name,
      qty: line.qty,
      supplierId: line.supplier_id,
      unitPrice: line.price,
      unitPriceInclTax: addTax(line.price, line.tax_rate),
      rowTotal: row.rowTotal,
      rowTotalInclTax: row.rowTotalInclTax,
      stock: stock?.status ?? 'volatile',
      ...(line.parent_sku ? { parentSku: line.parent_sku } : {}),
      ...(line.image ? { image: line.image } : {}),
      ...(stock && stock.status === 'ok' ? { maxQuantity: stock.qty } : {}),
    };
    bySupplier.set(line.supplier_id, [...(bySupplier.get(line.supplier_id) ?? []), view]);
    const priced = pricedItemOf(s.products.get(line.parent_sku ?? line.sku) ?? s.products.get(line.sku), line.sku);
    if (priced) {
      // A bundle costs what its chosen products cost (the rule the bridge checks orders by), else its own price.
      const newPrice =
        currentLinePrice(line, (sku) => (sku === line.sku ? priced : pricedItemOf(s.products.get(sku), sku)), now) ??
        finalPrice(priced, now);
      const newTaxRate = findTaxRate(priced.tax_class_id, s.tax.rules, { country: s.tax.country, region: s.tax.region });
      if (newPrice !== line.price || newTaxRate !== line.tax_rate) {
        priceChanges.push({
          lineId: line.id,
          name: line.name,
          oldPrice: line.price,
          oldPriceInclTax: addTax(line.price, line.tax_rate),
          newPrice,
          newPriceInclTax: addTax(newPrice, newTaxRate),
          newTaxRate,
          ...(line.image ? { image: line.image } : {}),
        });
      }
    }
  });
  const subtotalOf = new Map(totals.suppliers.map((t) => [t.supplierId, t]));
  const suppliers: SupplierCartView[] = [...bySupplier.entries()].map(([supplierId, lines]) => {
    const supplier = s.suppliers.get(supplierId);
    const sub = subtotalOf.get(supplierId) ?? { subtotal: 0, subtotalInclTax: 0 };
    const choice = choiceOf.get(supplierId);
    const minimumOrder = supplier?.minimum_order ?? 0;
    return {
      supplierId,
      supplierName: supplier?.name ?? lines[0]?.name ?? supplierId,
      minimumOrder,
      missingForMinimum: missingForMinimum(sub.subtotal, minimumOrder),
      lines,
      subtotal: sub.subtotal,
      subtotalInclTax: sub.subtotalInclTax,
      paymentMethods: acceptedMethods(supplier, s.server?.paymentMethods[supplierId]),
      comment: choice?.comment ?? '',
      excluded: choice?.excluded ?? false,
      ...(choice?.payment_method ? { paymentMethod: choice.payment_method } : {}),
    };
  });
  suppliers.sort((a, b) => a.supplierName.localeCompare(b.supplierName, 'el') || (a.supplierId < b.supplierId ? -1 : 1));
  return {
    customerId: scope.customerId,
    buyerId: scope.buyerId,
    suppliers,
    count: s.lines.reduce((sum, l) => sum + l.qty, 0),
    lineCount: s.lines.length,
    totals: bridge
      ? {
          subtotal: bridge.subtotal,
          subtotal_incl_tax: bridge.subtotal_incl_tax,
          shipping: bridge.shipping_incl_tax,
          payment: bridge.payment,
          discount: bridge.discount,
          grand_total: bridge.grand_total,
          source: 'bridge',
        }
      : {
          subtotal: totals.subtotal,
          subtotal_incl_tax: totals.subtotal_incl_tax,
          shipping: totals.shipping_incl_tax,
          payment: totals.payment,
          discount: totals.discount,
          grand_total: totals.grand_total,
          source: 'device',
        },
    coupon: coupon ? { code: coupon.code, applied: totals.couponApplied } : null,
    hash,
    priceChanges,
  };
}

/** Lines in a stable order that a quantity change does not disturb. */
function byNameThenId(a: CartItemDoc, b: CartItemDoc): number {
  return a.name.localeCompare(b.name, 'el') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** One customer's cart for one buyer, live: lines, choices, catalogue prices, tax rules and stock answers. */
export function watchCart(db: AppDatabase, scope: CartScope, clock: () => number = Date.now): Observable<CartView> {
  const selector = { customer_id: scope.customerId, buyer_id: scope.buyerId };
  const lines$ = db.cart_items
    .find({ selector })
    .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON() as CartItemDoc).sort(byNameThenId)));
  const choices$ = db.cart_suppliers.find({ selector }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON() as CartSupplierDoc)));
  const stock$ = observeDatabaseLocal<{ bySku: CartStockRecord }>(db, CART_STOCK_KEY).pipe(
    map((doc) => (doc?.get('bySku') as CartStockRecord | undefined) ?? {}),
  );
  const server$ = observeDatabaseLocal<CartServerState>(db, cartServerKey(scope)).pipe(
    map((doc) => (doc ? (doc.toJSON().data as CartServerState) : undefined)),
  );
  // A quantity change keeps the same skus and suppliers: their live queries stay subscribed instead of
  // being made again on every change of the cart.
  const shared$ = lines$.pipe(shareReplay({ bufferSize: 1, refCount: true }));
  const products$ = shared$.pipe(
    // A bundle's chosen products too: its price is theirs.
    map((lines) =>
      [
        ...new Set(
          lines.flatMap((l) => [l.sku, ...(l.parent_sku ? [l.parent_sku] : []), ...bundleSelectionsOf(l.options).map((b) => b.sku)]),
        ),
      ]
        .sort()
        .join('\u0000'),
    ),
    distinctUntilChanged(),
    switchMap((key) =>
      key
        ? db.products
            .findByIds(key.split('\u0000'))
            .$.pipe(map((docs) => new Map([...docs.values()].map((d) => [d.sku, d.toMutableJSON() as ProductDoc]))))
        : of(new Map<string, ProductDoc>()),
    ),
  );
  const suppliers$ = shared$.pipe(
    map((lines) => [...new Set(lines.map((l) => l.supplier_id))].sort().join('\u0000')),
    distinctUntilChanged(),
    switchMap((key) =>
      key
        ? db.suppliers
            .findByIds(key.split('\u0000'))
            .$.pipe(map((docs) => new Map([...docs.values()].map((d) => [d.id, d.toMutableJSON() as SupplierDoc]))))
        : of(new Map<string, SupplierDoc>()),
    ),
  );
  return combineLatest([shared$, choices$, products$, suppliers$, observeTaxSettings(db), stock$, server$]).pipe(
    map(([lines, choices, products, suppliers, tax, stock, server]) =>
      buildCartView(scope, { lines, choices, products, suppliers, tax, stock, server }, clock()),
    ),
  );
}

/** What is known of the stock of a line's sku: the last stock answer, or `volatile` when none came yet. */
export async function knownStockOfLine(db: AppDatabase, lineId: string): Promise<{ status: StockStatus; qty?: number }> {
  const line = await db.cart_items.findOne(lineId).exec();
  if (!line) return { status: 'volatile' };
  const stock = (await db.getLocal<{ bySku: CartStockRecord }>(CART_STOCK_KEY))?.get('bySku')[line.sku];
  return stock ? { status: stock.status, qty: stock.qty } : { status: 'volatile' };
}
