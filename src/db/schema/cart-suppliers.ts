import type { RxJsonSchema } from 'rxdb';
import { boolField, epochMsField, idField, intField, textField } from './fields';

/**
 * What a buyer chose for one supplier of the cart (docs/product-rules.md §3 Cart state): the payment method
 * (1 card, 2 cash on delivery, 3 credit, 4 IRIS), a comment of at most 100 characters, and whether the
 * supplier is left out of this checkout. Keyed by customer, buyer and supplier.
 */
export interface CartSupplierDoc {
  key: string;
  customer_id: string;
  buyer_id: string;
  supplier_id: string;
  payment_method?: 1 | 2 | 3 | 4;
  comment: string;
  excluded: boolean;
  updated_at: number;
}

export const cartSupplierSchema: RxJsonSchema<CartSupplierDoc> = {
  title: 'cart_suppliers',
  description: 'Per-supplier choices of a cart',
  version: 0,
  primaryKey: { key: 'key', fields: ['customer_id', 'buyer_id', 'supplier_id'], separator: '|' },
  type: 'object',
  properties: {
    key: idField(200),
    customer_id: idField(),
    buyer_id: idField(),
    supplier_id: idField(),
    payment_method: intField(1, 4),
    comment: { ...textField, maxLength: 100 },
    excluded: boolField,
    updated_at: epochMsField,
  },
  required: ['key', 'customer_id', 'buyer_id', 'supplier_id', 'comment', 'excluded', 'updated_at'],
  indexes: [['customer_id', 'buyer_id']],
};
