import type { Cents } from './money';

/** A configurable child as embedded in its parent (contracts/sync compactChildSchema). */
export interface VariantChild {
  sku: string;
  status?: number | undefined;
  is_in_stock: boolean;
  price: Cents;
  special_price?: Cents | undefined;
  special_from_date?: number | undefined;
  special_to_date?: number | undefined;
  color?: number | null | undefined;
  size?: number | null | undefined;
  custom_attributes?: { attribute_code: string; value: string }[] | undefined;
}

export interface OptionValue {
  value_index: number;
  label: string;
  label_en?: string | undefined;
}

/** One configurable attribute (colour, size) and the values its children use. */
export interface ConfigurableOption {
  attribute_code: string;
  label: string;
  label_en?: string | undefined;
  position: number;
  values: OptionValue[];
}

/** attribute_code → chosen value_index. */
export type VariantSelection = Readonly<Record<string, number>>;

/**
 * docs/product-rules.md §4 Variant choice / §5: a child with status 2 or more is dropped, and so is an out-of-stock child
 * unless out-of-stock products are listed.
 */
export function availableChildren<C extends VariantChild>(children: readonly C[], options: { listOutOfStock?: boolean } = {}): C[] {
  return children.filter((child) => (child.status ?? 1) < 2 && (options.listOutOfStock === true || child.is_in_stock));
}

/** The child's value of a configurable attribute: the top-level field, else its custom attribute. */
export function childAttributeValue(child: VariantChild, code: string): number | undefined {
  const direct = (child as unknown as Record<string, unknown>)[code];
  if (typeof direct === 'number') return direct;
  const custom = child.custom_attributes?.find((a) => a.attribute_code === code);
  if (custom === undefined) return undefined;
  const value = Number(custom.value);
  return Number.isFinite(value) ? value : undefined;
}

/** Every option has a chosen value. */
export function isCompleteSelection(options: readonly ConfigurableOption[], selection: VariantSelection): boolean {
  return options.every((option) => selection[option.attribute_code] !== undefined);
}

/** The child matching every chosen value, or null: the caller warns that the combination does not exist. */
export function findVariant<C extends VariantChild>(children: readonly C[], selection: VariantSelection): C | null {
  const chosen = Object.entries(selection);
  return children.find((child) => chosen.every(([code, value]) => childAttributeValue(child, code) === value)) ?? null;
}

/** The chosen values that lead to `child` (for a childSku arriving in the URL). */
export function selectionOf(child: VariantChild, options: readonly ConfigurableOption[]): Record<string, number> {
  const selection: Record<string, number> = {};
  for (const option of options) {
    const value = childAttributeValue(child, option.attribute_code);
    if (value !== undefined) selection[option.attribute_code] = value;
  }
  return selection;
}

/**
 * The options as the picker shows them: by position, each with only the values some available child
 * has. An option left with no value disappears.
 */
export function pickerOptions(options: readonly ConfigurableOption[], children: readonly VariantChild[]): ConfigurableOption[] {
  return [...options]
    .sort((a, b) => a.position - b.position)
    .map((option) => ({
      ...option,
      values: option.values.filter((v) => children.some((child) => childAttributeValue(child, option.attribute_code) === v.value_index)),
    }))
    .filter((option) => option.values.length > 0);
}
