import { attributeValuesOf } from '../../../domain/listing';
import type { ProductDoc } from '../../../db/schema/products';

export interface FacetValue {
  value: string;
  /** Greek and English labels as the catalogue gives them; units are labelled by the UI. */
  label: string;
  labelEn?: string | undefined;
  count: number;
}

export interface Facet {
  code: string;
  label: string;
  labelEn?: string | undefined;
  values: FacetValue[];
}

interface OptionShape {
  attribute_code?: unknown;
  label?: unknown;
  label_en?: unknown;
  values?: unknown;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Labels of configurable option values, from the first product that names them. */
function collectLabels(product: ProductDoc, facets: Map<string, Facet>): void {
  for (const raw of product.configurable_options ?? []) {
    const option = raw as OptionShape;
    const code = str(option.attribute_code);
    if (!code) continue;
    let facet = facets.get(code);
    if (!facet) {
      facet = { code, label: str(option.label) ?? code, labelEn: str(option.label_en), values: [] };
      facets.set(code, facet);
    }
    for (const v of Array.isArray(option.values) ? (option.values as unknown[]) : []) {
      const { value_index: index, label, label_en: labelEn } = (v ?? {}) as { value_index?: unknown; label?: unknown; label_en?: unknown };
      const value = typeof index === 'number' || typeof index === 'string' ? String(index) : null;
      if (value === null || facet.values.some((fv) => fv.value === value)) continue;
      facet.values.push({ value, label: str(label) ?? value, labelEn: str(labelEn), count: 0 });
    }
  }
}

/**
 * The attribute filters a listing offers: the sale unit and each configurable option (colour,
 * size…), with how many products of the listing carry each value. Values nobody carries are left out.
 */
export function buildFacets(products: readonly ProductDoc[]): Facet[] {
  const facets = new Map<string, Facet>([['unit', { code: 'unit', label: 'unit', values: [] }]]);
  for (const product of products) {
    collectLabels(product, facets);
    for (const [code, values] of attributeValuesOf(product)) {
      const facet = facets.get(code);
      if (!facet) continue;
      for (const value of values) {
        let entry = facet.values.find((fv) => fv.value === value);
        if (!entry) {
          entry = { value, label: value, count: 0 };
          facet.values.push(entry);
        }
        entry.count += 1;
      }
    }
  }
  return [...facets.values()]
    .map((facet) => ({ ...facet, values: facet.values.filter((v) => v.count > 0) }))
    .filter((facet) => facet.values.length > 1 || (facet.values.length === 1 && facet.code !== 'unit'));
}
