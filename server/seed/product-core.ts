import { BRANDS, COLORS, type Noun } from './data/catalog-words';
import { SUPPLIER_DEFS } from './data/suppliers';
import { categoryIndex, type CategoryNode } from './category-index';
import { createRng, type Rng } from './prng';
import { supplierId } from './generate-suppliers';

/**
 * The identity of one seeded product, derived only from its slot number. Because nothing here depends
 * on earlier products, the media route can rebuild a product's name and unit from its sku alone.
 */
export type Unit = 'piece' | 'pack' | 'carton' | 'palette';
export type ProductKind = 'simple' | 'configurable' | 'bundle' | 'grouped';

export interface Label {
  el: string;
  en: string;
}

export interface ProductCore {
  slot: number;
  sku: string;
  supplierId: number;
  supplierCode: string;
  leaf: CategoryNode;
  noun: Noun;
  brand: string;
  size: Label;
  sizeIndex: number;
  kind: ProductKind;
  unit: Unit;
  unitQuantity: number;
  name: Label;
  /** Price of one sale unit, euro cents excluding VAT. */
  priceCents: number;
  rng: Rng;
}

export const UNIT_LABELS: Record<Unit, Label> = {
  piece: { el: 'Τεμάχιο', en: 'Piece' },
  pack: { el: 'Συσκευασία', en: 'Pack' },
  carton: { el: 'Κιβώτιο', en: 'Carton' },
  palette: { el: 'Παλέτα', en: 'Palette' },
};

const UNIT_QUANTITIES: Record<Unit, readonly number[]> = {
  piece: [1],
  pack: [6, 10, 12, 24],
  carton: [12, 24, 48],
  palette: [480, 720, 1000],
};
const UNIT_DISCOUNT: Record<Unit, number> = { piece: 1, pack: 0.97, carton: 0.93, palette: 0.85 };

const SIZE_UNITS: Record<string, Label & { scale: number }> = {
  g: { el: 'γρ.', en: 'g', scale: 1 },
  kg: { el: 'κιλά', en: 'kg', scale: 1000 },
  ml: { el: 'ml', en: 'ml', scale: 1 },
  L: { el: 'λίτρα', en: 'L', scale: 1000 },
  pcs: { el: 'τεμ.', en: 'pcs', scale: 1 },
  m: { el: 'μ.', en: 'm', scale: 100 },
  cm: { el: 'εκ.', en: 'cm', scale: 1 },
  oz: { el: 'oz', en: 'oz', scale: 1 },
  mm: { el: 'χιλ.', en: 'mm', scale: 0.1 },
};

const SIZE_TOKEN = /^(\d+(?:\.\d+)?)(g|kg|ml|L|pcs|m|cm|oz|mm)$/;

/** "1.5L" → {el: "1,5 λίτρα", en: "1.5 L"}; unknown tokens are shown as written. */
export function sizeLabel(token: string): Label {
  const match = SIZE_TOKEN.exec(token);
  const unit = match ? SIZE_UNITS[match[2] ?? ''] : undefined;
  if (!match || !unit) return { el: token, en: token };
  const amount = match[1] ?? '';
  return { el: `${amount.replace('.', ',')} ${unit.el}`, en: `${amount} ${unit.en}` };
}

function sizeMagnitude(token: string): number | null {
  const match = SIZE_TOKEN.exec(token);
  const unit = match ? SIZE_UNITS[match[2] ?? ''] : undefined;
  return match && unit ? Number(match[1]) * unit.scale : null;
}

/** Bigger sizes cost more, but less than proportionally (wholesale economies of size). */
function sizeFactor(noun: Noun, index: number): number {
  const first = sizeMagnitude(noun.sizes[0] ?? '');
  const chosen = sizeMagnitude(noun.sizes[index] ?? '');
  if (first && chosen) return (chosen / first) ** 0.85;
  return 1 + index * 0.6;
}

function chooseUnit(rng: Rng, noun: Noun, kind: ProductKind): Unit {
  if (kind !== 'simple') return rng.chance(0.7) ? 'piece' : 'pack';
  const r = rng.next();
  if (r < 0.45) return 'piece';
  if (r < 0.75) return 'pack';
  if (r < 0.94 || !noun.palette) return 'carton';
  return 'palette';
}

function chooseKind(rng: Rng, noun: Noun): ProductKind {
  const r = rng.next();
  if (noun.variants && r < 0.6) return 'configurable';
  if (r < 0.045) return 'bundle';
  if (r < 0.09) return 'grouped';
  return 'simple';
}

function productName(kind: ProductKind, noun: Noun, brand: string, size: Label, unit: Unit, qty: number): Label {
  if (kind === 'bundle') return { el: `Σετ ${noun.el} ${brand}`, en: `${brand} ${noun.en} Set` };
  if (kind === 'grouped') return { el: `${noun.el} ${brand} – Σειρά`, en: `${brand} ${noun.en} Range` };
  const base = { el: `${noun.el} ${brand} ${size.el}`, en: `${noun.en} ${brand} ${size.en}` };
  if (unit === 'piece') return base;
  const unitLabel = UNIT_LABELS[unit];
  return { el: `${base.el} – ${unitLabel.el} ${qty} τεμ.`, en: `${base.en} – ${unitLabel.en} of ${qty}` };
}

export function skuOf(supplierCode: string, slot: number): string {
  return `${supplierCode}-${String(slot).padStart(6, '0')}`;
}

export function productCore(slot: number): ProductCore {
  const rng = createRng(`product:${slot}`);
  const supplierIndex = rng.int(0, SUPPLIER_DEFS.length - 1);
  const supplier = SUPPLIER_DEFS[supplierIndex];
  if (!supplier) throw new RangeError(`no supplier ${supplierIndex}`);
  const area = rng.pick(supplier.areas);
  const leaf = rng.pick(categoryIndex().leavesByArea.get(area) ?? []);
  const noun = rng.pick(leaf.nouns);
  const brand = rng.pick(BRANDS[area]);
  const sizeIndex = rng.int(0, noun.sizes.length - 1);
  const size = sizeLabel(noun.sizes[sizeIndex] ?? '');
  const kind = chooseKind(rng, noun);
  const unit = chooseUnit(rng, noun, kind);
  const unitQuantity = rng.pick(UNIT_QUANTITIES[unit]);
  const [low, high] = noun.price;
  const base = low + rng.next() * (high - low);
  const priceCents = Math.max(1, Math.round(base * sizeFactor(noun, sizeIndex) * unitQuantity * UNIT_DISCOUNT[unit] * 100));
  return {
    slot,
    sku: skuOf(supplier.code, slot),
    supplierId: supplierId(supplierIndex),
    supplierCode: supplier.code,
    leaf,
    noun,
    brand,
    size,
    sizeIndex,
    kind,
    unit,
    unitQuantity,
    name: productName(kind, noun, brand, size, unit, unitQuantity),
    priceCents,
    rng,
  };
}

export interface SkuDescription {
  name: Label;
  unit: Unit;
  unitQuantity: number;
  variant: string | null;
  colorHex: string | null;
}

/** Reads a seeded sku ("PAP-000123" or a variant "YGE-000042-BLUE-L"); null for any other sku. */
export function describeSeedSku(sku: string): SkuDescription | null {
  const match = /^([A-Z]{3})-(\d{6})((?:-[A-Z0-9]+)*)$/.exec(sku);
  if (!match) return null;
  const core = productCore(Number(match[2]));
  if (core.supplierCode !== match[1]) return null;
  const parts = (match[3] ?? '').split('-').filter(Boolean);
  const colorKey = parts.map((p) => p.toLowerCase()).find((p) => p in COLORS);
  const color = colorKey ? COLORS[colorKey] : undefined;
  return {
    name: core.name,
    unit: core.unit,
    unitQuantity: core.unitQuantity,
    variant: parts.length > 0 ? parts.map((p) => COLORS[p.toLowerCase()]?.el ?? p).join(' / ') : null,
    colorHex: color?.hex ?? null,
  };
}
