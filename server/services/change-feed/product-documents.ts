import type { CompactChild, CompactProduct } from '../../../src/contracts/sync';
import type { Queryable } from '../../db/client';
import { asRecord, asRecords, bool, centsOf, compact, epochOf, int, num, str, type Json } from './doc-fields';
import { nameSortKey } from '../../../src/domain/name-sort-key';

/** The columns a product document is built from; `data` is the full stored document (docs/product-rules.md §3 shape). */
export interface ProductSource {
  sku: string;
  id: number;
  parent_sku: string | null;
  type_id: CompactProduct['type_id'];
  status: number;
  visibility: number;
  supplier_id: number;
  supplier_name: string | null;
  category_ids: number[];
  name: string;
  name_en: string;
  price_cents: number;
  barcode: string | null;
  data: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

const PRODUCT_COLUMNS = `p.sku, p.id, p.parent_sku, p.type_id, p.status, p.visibility, p.supplier_id, s.name as supplier_name,
  p.category_ids, p.name, p.name_en, p.price_cents, p.barcode, p.data, p.created_at, p.updated_at`;

/** docs/product-rules.md §5 catalogue listings: visibility 2, 3, 4 and status 0 or 1. */
export function isListable(row: Pick<ProductSource, 'status' | 'visibility'>): boolean {
  return (row.status === 0 || row.status === 1) && row.visibility >= 2 && row.visibility <= 4;
}

interface Pricing {
  price: number;
  special_price?: number | undefined;
  special_from_date?: number | undefined;
  special_to_date?: number | undefined;
  final_price: number;
}

/** docs/product-rules.md §5: a special price counts only below the price and inside its window (either end open). */
export function pricing(priceCents: number, data: Json, nowMs: number): Pricing {
  const special = centsOf(data, 'special_price');
  const from = epochOf(data.special_from_date);
  const to = epochOf(data.special_to_date);
  const active =
    special !== undefined && special < priceCents && (from === undefined || from <= nowMs) && (to === undefined || nowMs <= to);
  return {
    price: priceCents,
    special_price: special,
    special_from_date: from,
    special_to_date: to,
    final_price: active ? (special ?? priceCents) : priceCents,
  };
}

function stockOf(data: Json): { qty: number; is_in_stock: boolean; manage_stock: boolean } {
  const stock = asRecord(data.stock);
  return {
    qty: num(stock, 'qty') ?? num(data, 'qty') ?? 0,
    is_in_stock: bool(stock, 'is_in_stock') ?? bool(data, 'is_in_stock') ?? false,
    manage_stock: bool(stock, 'manage_stock') ?? true,
  };
}

function childDocument(row: ProductSource, nowMs: number): CompactChild {
  const data = asRecord(row.data);
  const customAttributes = asRecords(data.custom_attributes)
    .map((a) => ({ attribute_code: str(a, 'attribute_code') ?? '', value: String(a.value ?? '') }))
    .filter((a) => a.attribute_code !== '');
  return compact({
    sku: row.sku,
    id: String(row.id),
    name: row.name,
    name_en: row.name_en,
    status: row.status,
    ...pricing(row.price_cents, data, nowMs),
    ...stockOf(data),
    thumbnail: str(data, 'thumbnail'),
    barcode: row.barcode ?? undefined,
    color: int(data, 'color'),
    size: int(data, 'size'),
    custom_attributes: customAttributes,
  });
}

function configurableOptions(data: Json): CompactProduct['configurable_options'] {
  if (!Array.isArray(data.configurable_options)) return undefined;
  return asRecords(data.configurable_options).map((o, position) =>
    compact({
      attribute_id: String(o.attribute_id ?? ''),
      attribute_code: str(o, 'attribute_code') ?? '',
      label: str(o, 'label') ?? '',
      label_en: str(o, 'label_en'),
      position: int(o, 'position') ?? position,
      values: asRecords(o.values).map((v) =>
        compact({ value_index: int(v, 'value_index') ?? 0, label: String(v.label ?? ''), label_en: str(v, 'label_en') }),
      ),
    }),
  );
}

function bundleOptions(data: Json): CompactProduct['bundle_options'] {
  if (!Array.isArray(data.bundle_options)) return undefined;
  return asRecords(data.bundle_options).map((o, index) =>
    compact({
      option_id: int(o, 'option_id') ?? index + 1,
      title: str(o, 'title') ?? '',
      title_en: str(o, 'title_en'),
      required: bool(o, 'required') ?? true,
      type: str(o, 'type') ?? 'radio',
      position: int(o, 'position') ?? index + 1,
      product_links: asRecords(o.product_links).map((l, i) => ({
        sku: str(l, 'sku') ?? '',
        qty: num(l, 'qty') ?? 1,
        is_default: bool(l, 'is_default') ?? i === 0,
        can_change_quantity: int(l, 'can_change_quantity') ?? 0,
        position: int(l, 'position') ?? i + 1,
      })),
    }),
  );
}

function productLinks(data: Json): CompactProduct['product_links'] {
  if (!Array.isArray(data.product_links)) return undefined;
  return asRecords(data.product_links).map((l) =>
    compact({
      link_type: str(l, 'link_type') ?? 'associated',
      linked_product_sku: str(l, 'linked_product_sku') ?? '',
      position: int(l, 'position'),
      qty: num(asRecord(l.extension_attributes), 'qty'),
    }),
  );
}

const UNITS = new Set(['piece', 'pack', 'carton', 'palette']);

/** The compact document of a listed product; `children` are its configurable children (any status). */
export function productDocument(row: ProductSource, children: readonly ProductSource[], nowMs: number): CompactProduct {
  const data = asRecord(row.data);
  const unit = str(data, 'measurement_unit');
  const isConfigurable = row.type_id === 'configurable';
  return compact({
    sku: row.sku,
    id: String(row.id),
    parent_sku: row.parent_sku ?? '',
    type_id: row.type_id,
    name: row.name,
    name_en: row.name_en,
    name_az: nameSortKey(row.name),
    status: row.status,
    visibility: row.visibility,
    tax_class_id: int(data, 'tax_class_id') ?? 0,
    supplier_id: String(row.supplier_id),
    supplier_name: row.supplier_name ?? str(data, 'supplier_name') ?? '',
    category_ids: row.category_ids.map(String),
    url_key: str(data, 'url_key') ?? '',
    slug: str(data, 'slug') ?? str(data, 'url_key') ?? '',
    image: str(data, 'image'),
    thumbnail: str(data, 'thumbnail'),
    ...pricing(row.price_cents, data, nowMs),
    ...stockOf(data),
    measurement_unit: unit && UNITS.has(unit) ? (unit as CompactProduct['measurement_unit']) : undefined,
    unit_quantity: num(data, 'unit_quantity'),
    new: bool(data, 'new') ?? false,
    sale: bool(data, 'sale') ?? false,
    barcode: row.barcode ?? undefined,
    // docs/product-rules.md §4: a child with status 2 or more is dropped; an out-of-stock child stays, flagged by is_in_stock.
    configurable_children: isConfigurable ? children.filter((c) => c.status < 2).map((c) => childDocument(c, nowMs)) : undefined,
    configurable_options: isConfigurable ? configurableOptions(data) : undefined,
    bundle_options: row.type_id === 'bundle' ? bundleOptions(data) : undefined,
    product_links: row.type_id === 'grouped' ? productLinks(data) : undefined,
    created_at: epochOf(row.created_at),
    updated_at: epochOf(row.updated_at) ?? 0,
  });
}

/** Loads the product rows behind `keys` and their children, and builds each listed product's document. */
export async function loadProductDocuments(q: Queryable, keys: readonly string[], nowMs: number): Promise<Map<string, CompactProduct>> {
  const rows = await q.query<ProductSource>(
    `select ${PRODUCT_COLUMNS} from products p left join suppliers s on s.id = p.supplier_id where p.sku = any($1::text[])`,
    [keys],
  );
  const listed = rows.filter(isListable);
  const parents = listed.filter((r) => r.type_id === 'configurable').map((r) => r.sku);
  const children =
    parents.length === 0
      ? []
      : await q.query<ProductSource>(
          `select ${PRODUCT_COLUMNS} from products p left join suppliers s on s.id = p.supplier_id where p.parent_sku = any($1::text[]) order by p.id`,
          [parents],
        );
  const byParent = new Map<string, ProductSource[]>();
  for (const child of children) {
    const list = byParent.get(child.parent_sku ?? '') ?? [];
    list.push(child);
    byParent.set(child.parent_sku ?? '', list);
  }
  return new Map(listed.map((row) => [row.sku, productDocument(row, byParent.get(row.sku) ?? [], nowMs)]));
}

/**
 * The first moment after `nowMs` at which a special-price window of the product or of one of its embedded
 * children opens or closes, i.e. when `final_price` may change; undefined when none lies ahead. A stored
 * document (catalog_feed_docs) is valid until then.
 */
export function nextPriceChange(doc: CompactProduct, nowMs: number): number | undefined {
  let next: number | undefined;
  const consider = (at: number | undefined): void => {
    if (at !== undefined && at > nowMs && (next === undefined || at < next)) next = at;
  };
  for (const priced of [doc, ...(doc.configurable_children ?? [])]) {
    consider(priced.special_from_date);
    // The window includes its last millisecond (pricing: nowMs <= to), so the price changes just after it.
    consider(priced.special_to_date === undefined ? undefined : priced.special_to_date + 1);
  }
  return next;
}
