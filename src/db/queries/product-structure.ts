import { z } from 'zod';
import { bundleOptionSchema, compactChildSchema, configurableOptionSchema } from '../../contracts/sync';
import type { BundleOption } from '../../domain/bundle';
import type { ConfigurableOption } from '../../domain/variants';
import type { ProductDoc } from '../schema/products';

/**
 * The parts of a product whose shape the bridge owns (open objects in the schema), parsed with the
 * change-feed contracts on every read. An entry that does not match is skipped, not fatal: one odd
 * variant must not take the whole product page down.
 */
export type ProductChild = z.infer<typeof compactChildSchema>;

function parseEach<S extends z.ZodType>(schema: S, items: readonly unknown[] | undefined): z.infer<S>[] {
  return (items ?? []).flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

type ProductParts = Pick<ProductDoc, 'configurable_children' | 'configurable_options' | 'bundle_options'>;

export function productChildren(product: ProductParts): ProductChild[] {
  return parseEach(compactChildSchema, product.configurable_children);
}

export function productConfigurableOptions(product: ProductParts): ConfigurableOption[] {
  return parseEach(configurableOptionSchema, product.configurable_options);
}

export function productBundleOptions(product: ProductParts): BundleOption[] {
  return parseEach(bundleOptionSchema, product.bundle_options);
}
