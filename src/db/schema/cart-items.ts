import type { RxJsonSchema } from 'rxdb';
import type { Cents } from '../../domain/money';
import { centsField, epochMsField, idField, intField, openObjectField, SKU_MAX, textField, type OpenObject } from './fields';
import { PRODUCT_TYPES, type ProductType } from './products';

/**
 * One line of a cart (docs/product-rules.md §3 Cart item; decision 018): the cart of one customer for one
 * buyer. Carts of several customers and buyers may sit side by side on a device; every read names both,
 * so a line is never shown to anyone but the customer who added it. The fields after the two scope ids are
 * the bridge's line document (src/contracts/cart.ts), replicated as they are.
 */
export interface CartItemDoc {
  /** Client-generated (crypto.randomUUID()), so lines can be created offline. */
  id: string;
  customer_id: string;
  buyer_id: string;
  sku: string;
  parent_sku?: string;
  supplier_id: string;
  qty: number;
  /** Unit price excluding VAT the buyer last saw and accepted; a newer catalogue price is a "price change". */
  price: Cents;
  /** VAT rate in percent the buyer last saw with that price. */
  tax_rate: number;
  name: string;
  image?: string;
  type_id: ProductType;
  /** product_option.extension_attributes: custom, configurable and bundle options. */
  options?: OpenObject;
  updated_at: number;
}

export const cartItemSchema: RxJsonSchema<CartItemDoc> = {
  title: 'cart_items',
  description: 'Cart lines per customer and buyer',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField(),
    customer_id: idField(),
    buyer_id: idField(),
    sku: idField(SKU_MAX),
    parent_sku: textField,
    supplier_id: idField(),
    qty: intField(1, 100_000),
    price: centsField,
    tax_rate: { type: 'number', minimum: 0, maximum: 100 },
    name: textField,
    image: textField,
    type_id: { type: 'string', enum: [...PRODUCT_TYPES] },
    options: openObjectField,
    updated_at: epochMsField,
  },
  required: ['id', 'customer_id', 'buyer_id', 'sku', 'supplier_id', 'qty', 'price', 'tax_rate', 'name', 'type_id', 'updated_at'],
  // Every read is one customer's cart for one buyer.
  indexes: [['customer_id', 'buyer_id', 'supplier_id']],
};

/**
 * Version 0 lines were never written by any build (the cart had no screens); they had no customer and
 * cannot be scoped, so the migration drops any that exist.
 */
export const cartItemMigrations = { 1: (): null => null };
