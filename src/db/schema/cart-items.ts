import type { RxJsonSchema } from 'rxdb';
import type { Cents } from '../../domain/money';
import { centsField, epochMsField, idField, intField, openObjectField, SKU_MAX, textField, type OpenObject } from './fields';
import { PRODUCT_TYPES, type ProductType } from './products';

/** One line of a buyer's cart (docs/product-rules.md §3 Cart item). Several buyers' carts may sit side by side. */
export interface CartItemDoc {
  /** Client-generated (crypto.randomUUID()), so lines can be created offline. */
  id: string;
  buyer_id: string;
  sku: string;
  parent_sku?: string;
  supplier_id: string;
  qty: number;
  /** Unit price excluding VAT when the line was last priced; a change shows "cart price changes". */
  price: Cents;
  name: string;
  image?: string;
  type_id: ProductType;
  server_item_id?: string;
  server_cart_id?: string;
  checksum?: string;
  /** product_option.extension_attributes: custom, configurable and bundle options. */
  product_option?: OpenObject;
  created_at: number;
  updated_at: number;
}

export const cartItemSchema: RxJsonSchema<CartItemDoc> = {
  title: 'cart_items',
  description: 'Cart lines of the buyers signed in on this device',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField(),
    buyer_id: idField(),
    sku: idField(SKU_MAX),
    parent_sku: textField,
    supplier_id: idField(),
    qty: intField(1, 1_000_000),
    price: centsField,
    name: textField,
    image: textField,
    type_id: { type: 'string', enum: [...PRODUCT_TYPES] },
    server_item_id: textField,
    server_cart_id: textField,
    checksum: textField,
    product_option: openObjectField,
    created_at: epochMsField,
    updated_at: epochMsField,
  },
  required: ['id', 'buyer_id', 'sku', 'supplier_id', 'qty', 'price', 'name', 'type_id', 'created_at', 'updated_at'],
  // The cart groups lines by supplier; adding a product again finds its line by sku.
  indexes: [
    ['buyer_id', 'supplier_id'],
    ['buyer_id', 'sku'],
  ],
};
