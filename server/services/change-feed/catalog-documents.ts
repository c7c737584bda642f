import type { CatalogMetaWireDoc, CompactCategory, CompactSupplier } from '../../../src/contracts/sync';
import type { Queryable } from '../../db/client';
import { asRecord, bool, compact, epochOf, int, num, str } from './doc-fields';
import { nameSortKey } from '../../../src/domain/name-sort-key';

interface CategorySource {
  id: number;
  parent_id: number | null;
  name: string;
  name_en: string;
  url_key: string | null;
  url_path: string;
  slug: string;
  path: string;
  level: number;
  position: number;
  is_active: boolean;
  product_count: number;
  children_count: number;
  data: unknown;
  updated_at: Date | string;
}

/** Ancestor ids from the materialised path "1/2/10/25", without the category itself. */
function parentIdsOf(path: string, id: number): string[] {
  return path.split('/').filter((part) => part !== '' && part !== String(id));
}

export function categoryDocument(row: CategorySource, parentIsRow: boolean): CompactCategory {
  const data = asRecord(row.data);
  return compact({
    id: String(row.id),
    parent_id: row.parent_id !== null && parentIsRow ? String(row.parent_id) : '',
    parent_ids: parentIdsOf(row.path, row.id),
    name: row.name,
    name_en: row.name_en,
    slug: row.slug,
    url_key: row.url_key ?? undefined,
    url_path: row.url_path,
    path: row.path,
    level: row.level,
    position: row.position,
    is_active: row.is_active,
    product_count: row.product_count,
    children_count: row.children_count,
    image: str(data, 'image'),
    updated_at: epochOf(row.updated_at) ?? 0,
  });
}

/** Active categories only: an inactive one is a tombstone for the client (no listing may show it). */
export async function loadCategoryDocuments(q: Queryable, keys: readonly string[]): Promise<Map<string, CompactCategory>> {
  const rows = await q.query<CategorySource & { parent_is_row: boolean }>(
    `select c.*, exists (select 1 from categories pc where pc.id = c.parent_id) as parent_is_row
     from categories c where c.id::text = any($1::text[]) and c.is_active`,
    [keys],
  );
  return new Map(rows.map((row) => [String(row.id), categoryDocument(row, row.parent_is_row)]));
}

interface SupplierSource {
  id: number;
  name: string;
  slug: string;
  url_key: string;
  status: CompactSupplier['status'];
  minimum_order_cents: number;
  activation_date: Date | string;
  data: unknown;
  updated_at: Date | string;
}

const PAYMENT_METHOD_IDS = new Set([1, 2, 3, 4]);

export function supplierDocument(row: SupplierSource): CompactSupplier {
  const data = asRecord(row.data);
  const credit = asRecord(data.credit_terms);
  const offered = bool(credit, 'offered');
  return compact({
    id: String(row.id),
    name: row.name,
    name_az: nameSortKey(row.name),
    slug: row.slug,
    url_key: row.url_key,
    status: row.status,
    minimum_order: row.minimum_order_cents,
    activation_date: epochOf(row.activation_date) ?? 0,
    delivery_time: str(data, 'delivery_time'),
    delivery_time_el: str(data, 'delivery_time_el'),
    logo: str(data, 'logo'),
    description: str(data, 'description'),
    description_en: str(data, 'description_en'),
    payment_methods: Array.isArray(data.payment_methods)
      ? data.payment_methods.filter((m): m is number => typeof m === 'number' && PAYMENT_METHOD_IDS.has(m))
      : undefined,
    credit_terms: offered === undefined ? undefined : { offered, days: int(credit, 'days') ?? null },
    city: str(data, 'city'),
    region: str(data, 'region'),
    product_count: num(data, 'product_count'),
    updated_at: epochOf(row.updated_at) ?? 0,
  });
}

/** Every supplier is sent, whatever its status: inactive and locked suppliers are shown with their state (docs/product-rules.md §3). */
export async function loadSupplierDocuments(q: Queryable, keys: readonly string[]): Promise<Map<string, CompactSupplier>> {
  const rows = await q.query<SupplierSource>('select * from suppliers where id::text = any($1::text[])', [keys]);
  return new Map(rows.map((row) => [String(row.id), supplierDocument(row)]));
}

/**
 * catalog_meta documents: one key space over five tables. The union keeps one query per page; inactive CMS
 * pages and blocks are left out, so they reach the client as tombstones.
 */
const META_SQL = `
  select * from (
    select 'attribute' as type, attribute_code as id, data, updated_at from attributes
    union all select 'tax_rule', id::text, data, updated_at from tax_rules
    union all select 'cms_page', identifier, data, updated_at from cms_pages where is_active
    union all select 'cms_block', identifier, data, updated_at from cms_blocks where is_active
    union all select 'store_config', key, jsonb_build_object('value', value), updated_at from store_config
  ) m where m.type || ':' || m.id = any($1::text[])`;

export async function loadCatalogMetaDocuments(q: Queryable, keys: readonly string[]): Promise<Map<string, CatalogMetaWireDoc>> {
  const rows = await q.query<{ type: CatalogMetaWireDoc['type']; id: string; data: unknown; updated_at: Date | string }>(META_SQL, [keys]);
  return new Map(
    rows.map((row) => {
      const key = `${row.type}:${row.id}`;
      return [key, { key, type: row.type, id: row.id, data: asRecord(row.data), updated_at: epochOf(row.updated_at) ?? 0 }];
    }),
  );
}
