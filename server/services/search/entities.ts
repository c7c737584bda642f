import type { SearchEntity } from '../../../src/contracts/search';
import type { FieldMap } from './sql-builder';

/**
 * What each searchable entity is made of. Every SQL fragment here is fixed text over the alias `t`;
 * request values only ever reach SQL as parameters.
 */
export type EntityDef = {
  /** A table or subquery that yields `t.data` (the document) and the columns the fields use. */
  source: string;
  fields: FieldMap;
  /** Folded text the search term is matched against (accent- and case-insensitive). */
  text: string;
  defaultSort: string;
};

const jsonBool = (key: string) => ({ sql: `(t.data->>'${key}')::boolean`, kind: 'bool' as const });

/** Products: listable rows only (docs/product-rules.md §5 "Catalogue listings: visibility 2, 3, 4 and status 0 or 1"). */
export const PRODUCT_SOURCE = 'products';
export const LISTABLE = 't.status in (0, 1) and t.visibility in (2, 3, 4)';

/**
 * What `matched` keeps of a product: every column a field, a sort or the scoring reads, and not the
 * document (read for the page rows only, PRODUCT_DOCUMENT) nor the tsvector (read where it is matched).
 */
export const PRODUCT_COLUMNS = [
  'sku',
  'id',
  'parent_sku',
  'type_id',
  'status',
  'visibility',
  'supplier_id',
  'category_ids',
  'name',
  'price_cents',
  'barcode',
  'created_at',
  'updated_at',
  'search_final_price',
  'search_name_az',
  'search_word_count',
  'search_manufacturer',
  'search_measurement_unit',
  'search_in_stock',
  'search_new',
  'search_sale',
]
  .map((c) => `t.${c}`)
  .join(', ');
export const PRODUCT_DOCUMENT = '(select d.data from products d where d.sku = p.sku)';

export const PRODUCT_FIELDS: FieldMap = {
  id: { sql: 't.id', kind: 'int', facet: false },
  sku: { sql: 't.sku', kind: 'text', facet: false },
  parentSku: { sql: 't.parent_sku', kind: 'text', facet: false },
  parent_sku: { sql: 't.parent_sku', kind: 'text', facet: false },
  type_id: { sql: 't.type_id', kind: 'text' },
  status: { sql: 't.status', kind: 'int' },
  visibility: { sql: 't.visibility', kind: 'int' },
  supplier_id: { sql: 't.supplier_id', kind: 'int' },
  category_ids: { sql: 't.category_ids', kind: 'int_array' },
  'category.category_id': { sql: 't.category_ids', kind: 'int_array' },
  barcode: { sql: 't.barcode', kind: 'text', facet: false },
  // Euros, like the document (price fields in docs/product-rules.md §3 are euros with 2 decimals). The generated column
  // (migration 031) holds data.final_price: reading the document itself decompresses it row by row.
  price: { sql: 't.search_final_price', kind: 'num', facet: false },
  final_price: { sql: 't.search_final_price', kind: 'num', facet: false },
  original_price: { sql: 't.price_cents / 100.0', kind: 'num', facet: false },
  // Generated columns (migration 032): reading them does not decompress the document.
  manufacturer: { sql: 't.search_manufacturer', kind: 'int' },
  measurement_unit: { sql: 't.search_measurement_unit', kind: 'text' },
  is_in_stock: { sql: 't.search_in_stock', kind: 'bool' },
  new: { sql: 't.search_new', kind: 'bool' },
  sale: { sql: 't.search_sale', kind: 'bool' },
  name_az: { sql: 't.search_name_az', kind: 'text', facet: false },
  name: { sql: 't.search_name_az', kind: 'text', facet: false },
  created_at: { sql: 't.created_at', kind: 'time', facet: false },
  updated_at: { sql: 't.updated_at', kind: 'time', facet: false },
};

const cmsSource = (table: 'cms_pages' | 'cms_blocks') =>
  `(select id, identifier, is_active, data, search_fold(coalesce(data->>'title', '') || ' ' || coalesce(data->>'title_en', '') || ' ' || identifier) as search_text from ${table})`;

const CMS_FIELDS: FieldMap = {
  id: { sql: 't.id', kind: 'int' },
  identifier: { sql: 't.identifier', kind: 'text' },
  is_active: { sql: 't.is_active', kind: 'bool' },
  active: { sql: 't.is_active', kind: 'bool' },
};

/**
 * The catalogue has no separate page tree: every CMS page is a top-level node of the hierarchy, which
 * is what the storefront reads `cms_hierarchy` for (id as identifier, docs/product-rules.md §7).
 */
const CMS_HIERARCHY_SOURCE = `(select p.id, p.identifier, p.is_active,
    jsonb_build_object('id', p.id, 'node_id', p.id, 'identifier', p.identifier, 'request_url', p.identifier,
      'page_id', p.id, 'parent_node_id', null, 'level', 1, 'sort_order', p.id, 'title', p.data->'title',
      'title_en', p.data->'title_en', 'is_active', p.is_active) as data,
    search_fold(coalesce(p.data->>'title', '') || ' ' || coalesce(p.data->>'title_en', '') || ' ' || p.identifier) as search_text
  from cms_pages p)`;

export const ENTITIES: Readonly<Record<Exclude<SearchEntity, 'product'>, EntityDef>> = {
  category: {
    source: '(select c.*, c.search_name as search_text from categories c)',
    fields: {
      id: { sql: 't.id', kind: 'int' },
      parent_id: { sql: 't.parent_id', kind: 'int' },
      level: { sql: 't.level', kind: 'int' },
      position: { sql: 't.position', kind: 'int' },
      is_active: { sql: 't.is_active', kind: 'bool' },
      product_count: { sql: 't.product_count', kind: 'int' },
      children_count: { sql: 't.children_count', kind: 'int' },
      url_key: { sql: 't.url_key', kind: 'text' },
      url_path: { sql: 't.url_path', kind: 'text' },
      slug: { sql: 't.slug', kind: 'text' },
      name: { sql: 't.name', kind: 'text' },
      updated_at: { sql: 't.updated_at', kind: 'time' },
    },
    text: 't.search_text',
    defaultSort: 't.position asc, t.id asc',
  },
  attribute: {
    source: `(select a.*, search_fold(a.attribute_code || ' ' || coalesce(a.data->>'frontend_label', '') || ' ' || coalesce(a.data->>'frontend_label_en', '')) as search_text from attributes a)`,
    fields: {
      attribute_id: { sql: 't.attribute_id', kind: 'int' },
      attribute_code: { sql: 't.attribute_code', kind: 'text' },
      is_user_defined: jsonBool('is_user_defined'),
      is_visible: jsonBool('is_visible'),
      is_comparable: jsonBool('is_comparable'),
      is_filterable: jsonBool('is_filterable'),
    },
    text: 't.search_text',
    defaultSort: 't.attribute_id asc',
  },
  taxrule: {
    source: '(select r.*, search_fold(r.code) as search_text from tax_rules r)',
    fields: { id: { sql: 't.id', kind: 'int' }, code: { sql: 't.code', kind: 'text' } },
    text: 't.search_text',
    defaultSort: 't.id asc',
  },
  cms_page: { source: cmsSource('cms_pages'), fields: CMS_FIELDS, text: 't.search_text', defaultSort: 't.id asc' },
  cms_block: { source: cmsSource('cms_blocks'), fields: CMS_FIELDS, text: 't.search_text', defaultSort: 't.id asc' },
  cms_hierarchy: { source: CMS_HIERARCHY_SOURCE, fields: CMS_FIELDS, text: 't.search_text', defaultSort: 't.id asc' },
  supplier: {
    source: '(select s.*, s.search_name as search_text from suppliers s)',
    fields: {
      id: { sql: 't.id', kind: 'int' },
      slug: { sql: 't.slug', kind: 'text' },
      url_key: { sql: 't.url_key', kind: 'text' },
      status: { sql: 't.status', kind: 'text' },
      name: { sql: 't.search_name', kind: 'text' },
      minimum_order: { sql: 't.minimum_order_cents / 100.0', kind: 'num' },
      activation_date: { sql: 't.activation_date', kind: 'time' },
      updated_at: { sql: 't.updated_at', kind: 'time' },
    },
    text: 't.search_text',
    // docs/product-rules.md §9: default supplier sort activation_date:desc.
    defaultSort: 't.activation_date desc, t.id asc',
  },
};
