import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ProductDoc } from '../../../db/schema/products';
import { productChildren, productConfigurableOptions, type ProductChild } from '../../../db/queries/product-structure';
import {
  availableChildren,
  findVariant,
  isCompleteSelection,
  pickerOptions,
  selectionOf,
  type ConfigurableOption,
  type VariantSelection,
} from '../../../domain/variants';
import { to } from '../../routes/paths';

export interface VariantChoice {
  /** The options the picker offers (only values some available child has). */
  options: ConfigurableOption[];
  /** Children left after dropping out-of-stock and disabled ones. */
  available: ProductChild[];
  selection: VariantSelection;
  /** The available child matching the selection (the one the URL names once every option is chosen). */
  current: ProductChild | null;
  /** Every option chosen but no child has that combination (docs/product-rules.md §8 warning). */
  noSuchCombination: boolean;
  choose(attributeCode: string, valueIndex: number): void;
}

/**
 * docs/product-rules.md §4 Variant choice: picking a value looks up the child; a match is pushed into the URL as
 * childSku (so Back returns to the previous variant), no match shows the warning.
 */
export function useVariantChoice(product: ProductDoc, childSku: string | null): VariantChoice {
  const navigate = useNavigate();
  const available = useMemo(() => availableChildren(productChildren(product)), [product]);
  const allOptions = useMemo(() => productConfigurableOptions(product), [product]);
  const options = useMemo(() => pickerOptions(allOptions, available), [allOptions, available]);
  const urlChild = useMemo(() => available.find((child) => child.sku === childSku) ?? null, [available, childSku]);
  // What the buyer picked applies while the URL still names the child it was picked on; a childSku
  // arriving by navigation (Back, a link) resets the picker to that child.
  const [picked, setPicked] = useState<{ onChildSku: string | null; selection: VariantSelection } | null>(null);
  const selection: VariantSelection =
    picked && picked.onChildSku === childSku ? picked.selection : urlChild ? selectionOf(urlChild, allOptions) : {};

  const complete = options.length > 0 && isCompleteSelection(options, selection);
  const match = complete ? findVariant(available, selection) : null;

  function choose(attributeCode: string, valueIndex: number) {
    const next = { ...selection, [attributeCode]: valueIndex };
    setPicked({ onChildSku: childSku, selection: next });
    if (!isCompleteSelection(options, next)) return;
    const child = findVariant(available, next);
    if (child && child.sku !== childSku) void navigate(to.product(product.sku, product.slug, child.sku));
  }

  return { options, available, selection, current: match ?? null, noSuchCombination: complete && match === null, choose };
}
