import { APPAREL_SIZES, BRANDS, COLORS } from './data/catalog-words';
import { UNIT_LABELS, type Unit } from './product-core';
import { SEED_EPOCH, type AttributeRow } from './types';

/** Attribute and option ids follow Magento's habit (numeric option ids on products). */
export const ATTRIBUTE_IDS = { manufacturer: 83, color: 93, size: 144, measurement_unit: 160 } as const;

const COLOR_KEYS = Object.keys(COLORS);
const ALL_BRANDS = [...new Set(Object.values(BRANDS).flat())];
const UNITS: readonly Unit[] = ['piece', 'pack', 'carton', 'palette'];

export function colorOptionId(key: string): number {
  return 49 + COLOR_KEYS.indexOf(key);
}

export function sizeOptionId(size: string): number {
  return 167 + APPAREL_SIZES.indexOf(size as (typeof APPAREL_SIZES)[number]);
}

export function manufacturerOptionId(brand: string): number {
  return 200 + ALL_BRANDS.indexOf(brand);
}

interface OptionDoc {
  value: string;
  label: string;
  label_en: string;
  sort_order: number;
  swatch?: string | undefined;
}

function attribute(
  code: keyof typeof ATTRIBUTE_IDS,
  label: string,
  labelEn: string,
  options: OptionDoc[],
  extra: Record<string, unknown> = {},
): AttributeRow {
  const id = ATTRIBUTE_IDS[code];
  return {
    attribute_id: id,
    attribute_code: code,
    updated_at: SEED_EPOCH,
    data: {
      attribute_id: id,
      attribute_code: code,
      frontend_input: 'select',
      frontend_label: label,
      frontend_label_en: labelEn,
      default_frontend_label: labelEn,
      is_user_defined: true,
      is_visible: true,
      is_visible_on_front: true,
      is_comparable: true,
      is_filterable: true,
      options,
      ...extra,
    },
  };
}

export function generateAttributes(): AttributeRow[] {
  return [
    attribute(
      'color',
      'Χρώμα',
      'Color',
      COLOR_KEYS.map((key, i) => {
        const c = COLORS[key];
        return { value: String(colorOptionId(key)), label: c?.el ?? key, label_en: c?.en ?? key, sort_order: i, swatch: c?.hex };
      }),
    ),
    attribute(
      'size',
      'Μέγεθος',
      'Size',
      APPAREL_SIZES.map((s, i) => ({ value: String(sizeOptionId(s)), label: s, label_en: s, sort_order: i })),
    ),
    attribute(
      'manufacturer',
      'Κατασκευαστής',
      'Manufacturer',
      ALL_BRANDS.map((b, i) => ({ value: String(manufacturerOptionId(b)), label: b, label_en: b, sort_order: i })),
    ),
    attribute(
      'measurement_unit',
      'Μονάδα μέτρησης',
      'Measurement unit',
      UNITS.map((u, i) => ({ value: u, label: UNIT_LABELS[u].el, label_en: UNIT_LABELS[u].en, sort_order: i })),
    ),
  ];
}
