import { NAME_SORT_KEY_MAX } from '../../domain/name-sort-key';
import type { RxJsonSchema } from 'rxdb';
import type { Cents } from '../../domain/money';
import { boolField, centsField, epochMsField, idField, intField, keyField, SLUG_MAX, textField } from './fields';

export const SUPPLIER_STATUSES = ['active', 'inactive', 'locked'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];

/** A supplier of the marketplace (docs/product-rules.md §3 Supplier). */
export interface SupplierDoc {
  id: string;
  name: string;
  /** nameSortKey(name) */
  name_az: string;
  slug: string;
  url_key?: string;
  status: SupplierStatus;
  /** Minimum order value excluding VAT (docs/product-rules.md §5: each supplier's minimum must be reached). */
  minimum_order: Cents;
  /** Epoch ms; the carousel and the default sort are "activation_date desc" (docs/product-rules.md §9). */
  activation_date: number;
  /** English delivery time; delivery_time_el is the Greek one (the bridge sends both when it has them). */
  delivery_time?: string;
  delivery_time_el?: string;
  logo?: string;
  /** Greek description; description_en for the en-US catalogue. */
  description?: string;
  description_en?: string;
  /** Payment methods the supplier accepts: 1 card, 2 cash on delivery, 3 credit, 4 IRIS. */
  payment_methods?: number[];
  /** Whether the supplier offers credit and for how many days (null: not stated). */
  credit_terms?: { offered: boolean; days: number | null };
  city?: string;
  region?: string;
  /** Listed products of the supplier when the document was built. */
  product_count?: number;
  updated_at: number;
}

export const supplierSchema: RxJsonSchema<SupplierDoc> = {
  title: 'suppliers',
  description: 'Suppliers of the marketplace, pulled from the bridge change feed',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField(),
    name: textField,
    name_az: keyField(NAME_SORT_KEY_MAX),
    slug: keyField(SLUG_MAX),
    url_key: textField,
    status: { type: 'string', enum: [...SUPPLIER_STATUSES], maxLength: 16 },
    minimum_order: centsField,
    activation_date: epochMsField,
    delivery_time: textField,
    delivery_time_el: textField,
    logo: textField,
    description: textField,
    description_en: textField,
    payment_methods: { type: 'array', items: intField(1, 4) },
    credit_terms: {
      type: 'object',
      properties: { offered: boolField, days: { type: ['integer', 'null'], minimum: 0 } },
      required: ['offered', 'days'],
    },
    city: textField,
    region: textField,
    product_count: intField(0, 10_000_000),
    updated_at: epochMsField,
  },
  required: ['id', 'name', 'name_az', 'slug', 'status', 'minimum_order', 'activation_date', 'updated_at'],
  indexes: ['slug', 'activation_date', 'name_az'],
};
