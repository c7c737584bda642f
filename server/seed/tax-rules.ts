import { SEED_EPOCH, type TaxRuleRow } from './types';

/** Greek VAT (docs/field-notes.md §8.1): product tax class 1 = 24% standard, 2 = 13% reduced, 3 = 6% super-reduced. */
export const TAX_CLASS_RATES: Record<number, number> = { 1: 24, 2: 13, 3: 6 };
export const CUSTOMER_TAX_CLASS_ID = 3;

const RULES = [
  { id: 1, code: 'GR-VAT-24', productClass: 1, rate: 24, label: 'ΦΠΑ 24%' },
  { id: 2, code: 'GR-VAT-13', productClass: 2, rate: 13, label: 'ΦΠΑ 13%' },
  { id: 3, code: 'GR-VAT-6', productClass: 3, rate: 6, label: 'ΦΠΑ 6%' },
];

export function generateTaxRules(): TaxRuleRow[] {
  return RULES.map((rule) => ({
    id: rule.id,
    code: rule.code,
    updated_at: SEED_EPOCH,
    data: {
      id: rule.id,
      code: rule.code,
      priority: 0,
      position: rule.id,
      product_tax_class_ids: [rule.productClass],
      customer_tax_class_ids: [CUSTOMER_TAX_CLASS_ID],
      tax_rates_ids: [rule.id],
      rates: [
        { id: rule.id, code: rule.label, rate: rule.rate, tax_country_id: 'GR', tax_region_id: 0, region_name: '', tax_postcode: '*' },
      ],
    },
  }));
}
