import { ean13, type Rng } from './prng';
import { TAX_CLASS_RATES } from './tax-rules';
import { manufacturerOptionId } from './attributes';
import { UNIT_LABELS, type Label, type ProductCore, type ProductKind } from './product-core';
import { DAY_MS, type JsonDoc, type ProductRow } from './types';
import { slugify } from '../../src/domain/slug';

/** Pieces of a product document (docs/product-rules.md §3) shared by every product type. Euros inside documents. */

export type SpecialWindow = 'past' | 'current' | 'future';
export interface Special {
  cents: number;
  from: string | null;
  to: string | null;
  window: SpecialWindow;
}
export interface Stock {
  qty: number;
  is_in_stock: boolean;
  manage_stock: boolean;
}

const CREATED_START = Date.UTC(2022, 0, 1);
const euros = (cents: number): number => cents / 100;
const startOfDay = (ms: number): string => new Date(ms).toISOString();
const endOfDay = (ms: number): string => new Date(ms + DAY_MS - 1000).toISOString();

/** Windows are relative to the seeding day, so "current" offers stay current on a fresh seed. */
export function specialFor(rng: Rng, priceCents: number, todayMs: number): Special | null {
  if (!rng.chance(0.22) || priceCents < 20) return null;
  const cents = Math.max(1, Math.round(priceCents * (0.75 + rng.next() * 0.18)));
  const r = rng.next();
  if (r < 0.25) {
    const to = todayMs - rng.int(1, 20) * DAY_MS;
    return { cents, window: 'past', from: startOfDay(to - rng.int(10, 60) * DAY_MS), to: endOfDay(to) };
  }
  if (r < 0.8) {
    const from = todayMs - rng.int(0, 30) * DAY_MS;
    return { cents, window: 'current', from: startOfDay(from), to: rng.chance(0.2) ? null : endOfDay(todayMs + rng.int(5, 45) * DAY_MS) };
  }
  const from = todayMs + rng.int(3, 20) * DAY_MS;
  return { cents, window: 'future', from: startOfDay(from), to: endOfDay(from + rng.int(14, 40) * DAY_MS) };
}

export function stockFor(rng: Rng): Stock {
  const r = rng.next();
  if (r < 0.08) return { qty: 0, is_in_stock: false, manage_stock: true };
  if (r < 0.12) return { qty: 0, is_in_stock: true, manage_stock: false };
  if (r < 0.3) return { qty: rng.int(1, 9), is_in_stock: true, manage_stock: true };
  if (r < 0.8) return { qty: rng.int(10, 500), is_in_stock: true, manage_stock: true };
  return { qty: rng.int(500, 5000), is_in_stock: true, manage_stock: true };
}

/** Every price field of docs/product-rules.md §3 with its tax variants; final price honours only a current special. */
export function priceFields(priceCents: number, special: Special | null, taxClassId: number): JsonDoc {
  const rate = TAX_CLASS_RATES[taxClassId] ?? 0;
  const incl = (cents: number): number => Math.round((cents * (100 + rate)) / 100);
  const active = special !== null && special.window === 'current' && special.cents < priceCents;
  const finalCents = active ? special.cents : priceCents;
  const tax = (cents: number | null): number | null => (cents === null ? null : euros(incl(cents) - cents));
  const gross = (cents: number | null): number | null => (cents === null ? null : euros(incl(cents)));
  const specialCents = special ? special.cents : null;
  const price = euros(priceCents);
  const final = euros(finalCents);
  return {
    price,
    price_incl_tax: gross(priceCents),
    price_tax: tax(priceCents),
    original_price: price,
    original_price_incl_tax: gross(priceCents),
    original_price_tax: tax(priceCents),
    special_price: specialCents === null ? null : euros(specialCents),
    special_price_incl_tax: gross(specialCents),
    special_price_tax: tax(specialCents),
    final_price: final,
    final_price_incl_tax: gross(finalCents),
    final_price_tax: tax(finalCents),
    original_final_price: final,
    original_final_price_incl_tax: gross(finalCents),
    original_final_price_tax: tax(finalCents),
    original_special_price: specialCents === null ? null : euros(specialCents),
    special_from_date: special?.from ?? null,
    special_to_date: special?.to ?? null,
    tax_rate: rate,
  };
}

export function timestamps(rng: Rng): { created_at: string; updated_at: string } {
  const created = CREATED_START + rng.int(0, 1_400) * DAY_MS + rng.int(0, 86_399) * 1000;
  return { created_at: new Date(created).toISOString(), updated_at: new Date(created + rng.int(0, 300) * DAY_MS).toISOString() };
}

export function barcodeFor(id: number): string {
  return ean13(`520${String(id).padStart(9, '0')}`);
}

// Names repeat across thousands of products; transliterating each once keeps 100,000 products fast.
const slugCache = new Map<string, string>();
function cachedSlug(name: string): string {
  let slug = slugCache.get(name);
  if (slug === undefined) {
    slug = slugify(name);
    slugCache.set(name, slug);
  }
  return slug;
}

export const imagePaths = (sku: string): JsonDoc => ({
  image: `/media/product/${sku}/gallery.svg`,
  small_image: `/media/product/${sku}/cart.svg`,
  thumbnail: `/media/product/${sku}/thumbnail.svg`,
  thumbnail_for_product_plp: `/media/product/${sku}/thumbnail.svg`,
  media_gallery: [{ image: `/media/product/${sku}/gallery.svg`, pos: 1, typ: 'image', lab: '' }],
});

export interface RowInput {
  core: ProductCore;
  id: number;
  sku: string;
  kind: ProductKind;
  name: Label;
  priceCents: number;
  parentSku: string | null;
  status: number;
  visibility: number;
  stock: Stock;
  special: Special | null;
  supplierName: string;
  extra: JsonDoc;
  isNew: boolean;
}

/** Builds the table row and its document; `extra` carries the type-specific fields. */
export function productRow(input: RowInput, rng: Rng): ProductRow {
  const { core, id, sku, name } = input;
  const times = timestamps(rng);
  const urlKey = cachedSlug(name.el);
  const barcode = input.kind === 'simple' ? barcodeFor(id) : null;
  const stockDoc = { ...input.stock, product_id: id, item_id: id };
  const data: JsonDoc = {
    id,
    sku,
    parentSku: input.parentSku,
    name: name.el,
    name_en: name.en,
    type_id: input.kind,
    status: input.status,
    visibility: input.visibility,
    tax_class_id: core.noun.tax,
    category_ids: [...core.leaf.chain],
    category: core.leaf.chain.length ? [{ category_id: core.leaf.id, name: core.leaf.name, name_en: core.leaf.nameEn }] : [],
    category_name: core.leaf.name,
    category_name_en: core.leaf.nameEn,
    url_key: urlKey,
    slug: urlKey,
    url_path: `p/${input.parentSku ?? sku}/${urlKey}`,
    ...imagePaths(sku),
    ...priceFields(input.priceCents, input.special, core.noun.tax),
    stock: stockDoc,
    qty: input.stock.qty,
    is_in_stock: input.stock.is_in_stock,
    supplier: [{ id: core.supplierId, name: input.supplierName, code: core.supplierCode }],
    supplier_id: core.supplierId,
    supplier_name: input.supplierName,
    manufacturer: manufacturerOptionId(core.brand),
    manufacturer_name: core.brand,
    name_az: name.el
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase(),
    measurement_unit: core.unit,
    measurement_unit_label: UNIT_LABELS[core.unit].el,
    measurement_unit_label_en: UNIT_LABELS[core.unit].en,
    unit_quantity: core.unitQuantity,
    size_label: core.size.el,
    size_label_en: core.size.en,
    new: input.isNew,
    sale: input.special?.window === 'current',
    barcode,
    ...times,
    ...input.extra,
  };
  return {
    sku,
    id,
    parent_sku: input.parentSku,
    type_id: input.kind,
    status: input.status,
    visibility: input.visibility,
    supplier_id: core.supplierId,
    category_ids: [...core.leaf.chain],
    name: name.el,
    name_en: name.en,
    price_cents: input.priceCents,
    barcode,
    created_at: times.created_at,
    updated_at: times.updated_at,
    data,
  };
}
