import { firstValueFrom } from 'rxjs';
import { currentLinePrice } from '../../domain/cart/line-price';
import { findTaxRate } from '../../domain/tax';
import type { AppDatabase } from '../database';
import { pricedItemOf } from '../queries/cart';
import type { CartScope } from '../queries/cart-view';
import type { OrderView } from '../queries/orders';
import { observeTaxSettings } from '../queries/product-tax';
import type { ProductDoc } from '../schema/products';
import { addToCart, type StockKnown } from './cart';

function stockOf(product: ProductDoc, sku: string, online: boolean): StockKnown {
  if (!online) return { status: 'volatile' };
  const item = product.sku === sku ? product : product.configurable_children?.find((c) => c.sku === sku);
  if (!item) return { status: 'volatile' };
  if (item.manage_stock === false) return { status: 'ok' };
  const qty = typeof item.qty === 'number' ? item.qty : 0;
  return item.is_in_stock && qty > 0 ? { status: 'ok', qty } : { status: 'out_of_stock', qty: 0 };
}

/** A product to put in the cart as the catalogue has it today: which one, under what name, how many. */
export type CatalogLine = Pick<OrderView['lines'][number], 'sku' | 'parentSku' | 'name' | 'typeId' | 'options' | 'qty'>;

/**
 * Puts products in the cart at today's catalogue price and VAT, with the stock the device knows (offline:
 * volatile, checked on reconnect): "Order again" (docs/product-rules.md §7 orders page) and the favourites'
 * "Add to cart". A product no longer in the catalogue, without a price of its own (a product whose variant
 * or options are chosen on its page), or out of stock is left out and counted.
 */
export async function addCatalogLines(
  db: AppDatabase,
  scope: CartScope,
  lines: readonly CatalogLine[],
  now: number,
  online: boolean,
): Promise<{ added: number; skipped: number }> {
  const tax = await firstValueFrom(observeTaxSettings(db));
  let added = 0;
  let skipped = 0;
  for (const line of lines) {
    const parentSku = line.parentSku;
    const product = (await db.products.findOne(parentSku ?? line.sku).exec())?.toMutableJSON() ?? undefined;
    const priced = (sku: string) => pricedItemOf(product, sku);
    const price = product
      ? currentLinePrice({ sku: line.sku, type_id: line.typeId as ProductDoc['type_id'], options: line.options }, priced, now)
      : null;
    if (!product || price === null) {
      skipped += 1;
      continue;
    }
    const result = await addToCart(
      db,
      scope,
      {
        sku: line.sku,
        supplierId: product.supplier_id,
        name: line.name,
        typeId: product.type_id,
        price,
        taxRate: findTaxRate(product.tax_class_id, tax.rules, { country: tax.country, region: tax.region }),
        ...(parentSku ? { parentSku } : {}),
        ...(line.options ? { options: line.options } : {}),
      },
      line.qty,
      stockOf(product, line.sku, online),
      now,
    );
    if (result.ok) added += 1;
    else skipped += 1;
  }
  return { added, skipped };
}

/** "Order again": the order's lines go back into the cart (see addCatalogLines). */
export function orderAgain(
  db: AppDatabase,
  scope: CartScope,
  order: Pick<OrderView, 'lines'>,
  now: number,
  online: boolean,
): Promise<{ added: number; skipped: number }> {
  return addCatalogLines(db, scope, order.lines, now, online);
}
