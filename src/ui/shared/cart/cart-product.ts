import type { CartProductInput, StockKnown } from '../../../db/commands/cart';
import type { ProductChild } from '../../../db/queries/product-structure';
import type { ProductDoc } from '../../../db/schema/products';
import type { OpenObject } from '../../../db/schema/fields';
import { finalPrice, type PricedItem } from '../../../domain/pricing';
import { thumbnailOf } from '../catalog/product-images';

/**
 * What the cart needs of a product as the buyer sees it now: the variant chosen (its sku, under its parent),
 * the price with the special price applied, the VAT rate, a name in the buyer's language and a thumbnail.
 * A bundle is added at its computed price with the chosen options.
 */
export function cartProductOf(input: {
  product: ProductDoc;
  child?: ProductChild | null | undefined;
  name: string;
  taxRate: number;
  now: number;
  priced?: PricedItem | undefined;
  options?: OpenObject | undefined;
}): CartProductInput {
  const { product, child } = input;
  const priced = input.priced ?? child ?? product;
  return {
    sku: child?.sku ?? product.sku,
    supplierId: product.supplier_id,
    name: input.name,
    image: thumbnailOf(product),
    typeId: product.type_id,
    price: finalPrice(priced, input.now),
    taxRate: input.taxRate,
    ...(child ? { parentSku: product.sku } : {}),
    ...(input.options ? { options: input.options } : {}),
  };
}

/**
 * Stock as far as this device knows: offline nothing can be verified (`volatile`, checked on reconnect);
 * online the catalogue's record, which the bridge's stock check refines right after the line is added.
 */
export interface CatalogStock {
  qty: number;
  is_in_stock: boolean;
  manage_stock?: boolean | undefined;
}

export function catalogStockOf(item: CatalogStock, online: boolean): StockKnown {
  if (!online) return { status: 'volatile' };
  if (item.manage_stock === false) return { status: 'ok' };
  return item.is_in_stock && item.qty > 0 ? { status: 'ok', qty: item.qty } : { status: 'out_of_stock', qty: 0 };
}
