import type { z } from 'zod';
import type { taxRuleSchema } from '../../src/contracts/tax-rule';
/** Rows exactly as they are inserted: keys are column names, `data` is the document the storefront gets. */
export type JsonDoc = Record<string, unknown>;

export interface SupplierRow {
  id: number;
  name: string;
  slug: string;
  url_key: string;
  status: 'active' | 'inactive' | 'locked';
  minimum_order_cents: number;
  activation_date: string;
  data: JsonDoc;
  updated_at: string;
}

export interface CategoryRow {
  id: number;
  parent_id: number;
  name: string;
  name_en: string;
  url_key: string;
  url_path: string;
  slug: string;
  path: string;
  level: number;
  position: number;
  is_active: boolean;
  product_count: number;
  children_count: number;
  data: JsonDoc;
  updated_at: string;
}

export interface ProductRow {
  sku: string;
  id: number;
  parent_sku: string | null;
  type_id: 'simple' | 'configurable' | 'bundle' | 'grouped';
  status: number;
  visibility: number;
  supplier_id: number;
  category_ids: number[];
  name: string;
  name_en: string;
  price_cents: number;
  barcode: string | null;
  created_at: string;
  data: JsonDoc;
  updated_at: string;
}

export interface DocRow {
  id: number;
  data: JsonDoc;
  updated_at: string;
}
export interface AttributeRow {
  attribute_id: number;
  attribute_code: string;
  data: JsonDoc;
  updated_at: string;
}
export interface TaxRuleRow {
  id: number;
  code: string;
  /** What the storefront prices with: the shared contract, plus the catalogue's own extra fields. */
  data: z.input<typeof taxRuleSchema> & JsonDoc;
  updated_at: string;
}
export interface CmsRow {
  id: number;
  identifier: string;
  is_active: boolean;
  data: JsonDoc;
  updated_at: string;
}
export interface StoreConfigRow {
  key: string;
  value: unknown;
  updated_at: string;
}

export interface CustomerRow {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  password_hash: string | null;
  is_admin: boolean;
  show_prices_with_vat: boolean;
  group_id: number;
  default_shipping: string | null;
  /** Demo accounts count as confirmed, like every account that existed before email confirmation. */
  email_confirmed_at: string;
  created_at: string;
  updated_at: string;
}
export interface BuyerRow {
  id: string;
  afm: string;
  company: string;
  trade_name: string;
  tax_office: string;
  legal_form: string;
  street: string;
  city: string;
  postcode: string;
  phone: string;
  email: string;
  created_at: string;
}
export interface BuyerUserRow {
  buyer_id: string;
  customer_id: string;
  is_super_user: boolean;
  created_at: string;
}
export interface AddressRow {
  id: string;
  buyer_id: string;
  alias: string;
  firstname: string;
  lastname: string;
  street: string;
  street_number: string;
  city: string;
  postcode: string;
  region: string;
  area: string;
  country: string;
  phone: string;
  comment: string;
  is_default: boolean;
  updated_at: string;
  deleted: boolean;
}
export interface RegistryRow {
  afm: string;
  legal_name: string;
  trade_name: string | null;
  tax_office: string;
  legal_form: string;
  street: string;
  city: string;
  postcode: string;
  activity: string;
  is_company: boolean;
  active: boolean;
}

/** A fixed instant for rows whose time does not matter, so that two runs produce identical data. */
export const SEED_EPOCH = '2025-01-01T00:00:00.000Z';
export const DAY_MS = 86_400_000;
