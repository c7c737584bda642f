import { NAME_SORT_KEY_MAX } from '../../domain/name-sort-key';
import type { RxJsonSchema } from 'rxdb';
import type { Cents } from '../../domain/money';
import {
  boolField,
  centsField,
  epochMsField,
  idField,
  intField,
  keyField,
  openObjectField,
  openObjectListField,
  SKU_MAX,
  SLUG_MAX,
  stringListField,
  textField,
  URL_PATH_MAX,
  type OpenObject,
} from './fields';

export const PRODUCT_TYPES = ['simple', 'configurable', 'bundle', 'grouped'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const MEASUREMENT_UNITS = ['piece', 'pack', 'carton', 'palette'] as const;
export type MeasurementUnit = (typeof MEASUREMENT_UNITS)[number];

export interface ProductLink {
  link_type: string;
  linked_product_sku: string;
  position?: number;
  /** Default quantity of a grouped product's item. */
  qty?: number;
}

/**
 * A catalogue product (docs/product-rules.md §3 Product). What lists filter and sort by sits at the top level with
 * index-friendly types; shapes the bridge owns (variants, options, attributes) stay open objects.
 * Prices are integer cents excluding VAT; dates are epoch milliseconds.
 */
export interface ProductDoc {
  sku: string;
  id: string;
  /** The configurable/grouped parent's sku, '' for a product without a parent. */
  parent_sku: string;
  /** Greek name (el-GR catalogue). */
  name: string;
  /** English name (en-US catalogue), when the bridge has one. */
  name_en?: string;
  /** nameSortKey(name): the default "Alphabetical" sort. */
  name_az: string;
  type_id: ProductType;
  /** 0 or 1 are listed; 2 or more is disabled (docs/product-rules.md §4 Product load). */
  status: number;
  /** 1 not visible individually, 2 catalogue, 3 search, 4 both. */
  visibility: number;
  tax_class_id: number;
  supplier_id: string;
  supplier_name: string;
  /** EAN-13, '' when unknown: scanned codes are an exact lookup, not a search term. */
  barcode: string;
  category_ids: string[];
  category_name?: string;
  url_key: string;
  url_path?: string;
  slug: string;
  image?: string;
  thumbnail?: string;
  price: Cents;
  original_price?: Cents;
  special_price?: Cents;
  special_from_date?: number;
  special_to_date?: number;
  /** The price a list sorts by ("Price low to high"), as computed by the bridge. */
  final_price: Cents;
  qty: number;
  is_in_stock: boolean;
  manage_stock: boolean;
  unit_quantity?: number;
  measurement_unit?: MeasurementUnit;
  manufacturer?: string;
  new?: boolean;
  sale?: boolean;
  configurable_children?: OpenObject[];
  configurable_options?: OpenObject[];
  bundle_options?: OpenObject[];
  product_links?: ProductLink[];
  /** Custom attributes (colour, size, …) keyed by attribute_code. */
  attributes?: OpenObject;
  /** "New collection" lists sort by created_at desc (docs/product-rules.md §9). */
  created_at?: number;
  updated_at: number;
}

/**
 * What repeats in the products (src/db/storage/repeated-values.ts keeps each distinct value once in memory):
 * values that repeat across products by nature, such as a supplier's id and name on each of its products, one
 * of a few types and units, category ids, attribute values and option labels (also inside variants and bundle
 * options); and a product's slug, which is its url_key unless the bridge says otherwise. Names, skus and paths
 * are unique per product and are not listed.
 */
export const PRODUCT_REPEATED_VALUES: {
  readonly properties: readonly string[];
  readonly sameValues: readonly (readonly [string, string])[];
} = {
  properties: [
    'supplier_id',
    'supplier_name',
    'type_id',
    'measurement_unit',
    'category_ids',
    'category_name',
    'manufacturer',
    'attributes',
    'custom_attributes',
    'configurable_options',
    'link_type',
    'title',
    'title_en',
    'type',
  ],
  sameValues: [['url_key', 'slug']],
};

export const productSchema: RxJsonSchema<ProductDoc> = {
  title: 'products',
  description: 'Catalogue products, pulled from the bridge change feed',
  version: 0,
  primaryKey: 'sku',
  type: 'object',
  properties: {
    sku: idField(SKU_MAX),
    id: textField,
    parent_sku: keyField(SKU_MAX),
    name: textField,
    name_en: textField,
    name_az: keyField(NAME_SORT_KEY_MAX),
    type_id: { type: 'string', enum: [...PRODUCT_TYPES], maxLength: 16 },
    status: intField(0, 9),
    visibility: intField(1, 4),
    tax_class_id: intField(0, 1_000_000),
    supplier_id: idField(),
    supplier_name: textField,
    barcode: keyField(32),
    category_ids: stringListField,
    category_name: textField,
    url_key: { type: 'string', maxLength: SLUG_MAX },
    url_path: { type: 'string', maxLength: URL_PATH_MAX },
    slug: { type: 'string', maxLength: SLUG_MAX },
    image: textField,
    thumbnail: textField,
    price: centsField,
    original_price: centsField,
    special_price: centsField,
    special_from_date: epochMsField,
    special_to_date: epochMsField,
    final_price: centsField,
    qty: { type: 'number' },
    is_in_stock: boolField,
    manage_stock: boolField,
    unit_quantity: { type: 'number', minimum: 0 },
    measurement_unit: { type: 'string', enum: [...MEASUREMENT_UNITS] },
    manufacturer: textField,
    new: boolField,
    sale: boolField,
    configurable_children: openObjectListField,
    configurable_options: openObjectListField,
    bundle_options: openObjectListField,
    product_links: {
      type: 'array',
      items: {
        type: 'object',
        properties: { link_type: textField, linked_product_sku: textField, position: { type: 'integer' }, qty: { type: 'number' } },
        required: ['link_type', 'linked_product_sku'],
      },
    },
    attributes: openObjectField,
    created_at: epochMsField,
    updated_at: epochMsField,
  },
  required: [
    'sku',
    'id',
    'parent_sku',
    'name',
    'name_az',
    'type_id',
    'status',
    'visibility',
    'tax_class_id',
    'supplier_id',
    'supplier_name',
    'barcode',
    'category_ids',
    'url_key',
    'slug',
    'price',
    'final_price',
    'qty',
    'is_in_stock',
    'manage_stock',
    'updated_at',
  ],
  /**
   * Lists are per supplier or across the catalogue, sorted by name, price or latest (docs/product-rules.md §9).
   * type_id, visibility and status are required and bounded, so they can join an index later; today
   * they are filtered in memory: almost every product is listed, so an index on them
   * would not narrow a scan but would slow every bulk insert of the first sync.
   */
  indexes: [
    ['supplier_id', 'name_az'],
    ['supplier_id', 'final_price'],
    ['supplier_id', 'updated_at'],
    'name_az',
    'final_price',
    'updated_at',
    'parent_sku',
    'barcode',
  ],
};
