import { generateAttributes } from './attributes';
import { generateCategories, isListed } from './generate-categories';
import { generateCmsBlocks, generateCmsPages, generateStoreConfig } from './cms-content';
import { generateProducts } from './generate-products';
import { generateSuppliers } from './generate-suppliers';
import { generateTaxRules } from './tax-rules';
import {
  DAY_MS,
  type AttributeRow,
  type CategoryRow,
  type CmsRow,
  type ProductRow,
  type StoreConfigRow,
  type SupplierRow,
  type TaxRuleRow,
} from './types';

export interface Catalog {
  suppliers: SupplierRow[];
  categories: CategoryRow[];
  products: ProductRow[];
  attributes: AttributeRow[];
  taxRules: TaxRuleRow[];
  cmsPages: CmsRow[];
  cmsBlocks: CmsRow[];
  storeConfig: StoreConfigRow[];
}

export interface GenerateOptions {
  /** Product rows in all, configurable children included. */
  products: number;
  /** Special-price windows are placed around this day (UTC midnight is used). */
  today: Date;
}

export function utcMidnight(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS) * DAY_MS;
}

/** The whole demo catalogue as rows; the same options always give the same rows. */
export function generateCatalog(options: GenerateOptions): Catalog {
  if (!Number.isInteger(options.products) || options.products < 1) throw new RangeError('products must be a positive integer');
  const products = generateProducts(options.products, utcMidnight(options.today));
  const suppliers = generateSuppliers();
  const perSupplier = new Map<number, number>();
  for (const p of products) if (isListed(p)) perSupplier.set(p.supplier_id, (perSupplier.get(p.supplier_id) ?? 0) + 1);
  for (const s of suppliers) s.data.product_count = perSupplier.get(s.id) ?? 0;
  return {
    suppliers,
    categories: generateCategories(products),
    products,
    attributes: generateAttributes(),
    taxRules: generateTaxRules(),
    cmsPages: generateCmsPages(),
    cmsBlocks: generateCmsBlocks(),
    storeConfig: generateStoreConfig(),
  };
}
