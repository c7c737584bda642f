import type { Cents } from './money';

/** One rate of a tax rule, as the bridge's `catalog_meta` documents of type `tax_rule` carry it. */
export interface TaxRate {
  rate: number;
  tax_country_id: string;
  tax_region_id?: number | null | undefined;
  region_name?: string | null | undefined;
}

/** A tax rule (docs/product-rules.md §3): which product and customer tax classes it covers, and its rates. */
export interface TaxRule {
  id: number | string;
  product_tax_class_ids: number[];
  customer_tax_class_ids?: number[] | undefined;
  priority?: number | undefined;
  position?: number | undefined;
  rates: TaxRate[];
}

export interface TaxPlace {
  /** ISO country code; the store's tax.defaultCountry (GR) when the buyer has none. */
  country: string;
  region?: string | null | undefined;
  /** Leave out to accept rules of any customer class. */
  customerTaxClassId?: number | undefined;
}

function regionIsUnset(rate: TaxRate): boolean {
  return !rate.region_name && !rate.tax_region_id;
}

function byPriority(a: TaxRule, b: TaxRule): number {
  return (a.priority ?? 0) - (b.priority ?? 0) || (a.position ?? 0) - (b.position ?? 0);
}

/**
 * docs/product-rules.md §5: tax applies only when tax_class_id is above 0; a rate matches when its country matches and
 * its region name matches or it has no region; no match means 0 %. A rate for the buyer's region wins
 * over a country-wide one (Greek islands with a reduced regime).
 */
export function findTaxRate(taxClassId: number, rules: readonly TaxRule[], place: TaxPlace): number {
  if (!(taxClassId > 0)) return 0;
  const country = place.country.toUpperCase();
  const region = place.region?.trim().toLowerCase();
  const candidates = rules
    .filter((rule) => rule.product_tax_class_ids.includes(taxClassId))
    .filter(
      (rule) =>
        place.customerTaxClassId === undefined ||
        !rule.customer_tax_class_ids ||
        rule.customer_tax_class_ids.includes(place.customerTaxClassId),
    )
    .sort(byPriority)
    .flatMap((rule) => rule.rates.filter((rate) => rate.tax_country_id.toUpperCase() === country));
  const regional = region ? candidates.find((rate) => rate.region_name?.trim().toLowerCase() === region) : undefined;
  const matched = regional ?? candidates.find(regionIsUnset);
  return matched?.rate ?? 0;
}

/** Integer arithmetic on a rate scaled to 1/10,000 of a percent, so half a cent always rounds up. */
export function addTax(cents: Cents, ratePercent: number): Cents {
  const scaledRate = Math.round(ratePercent * 10_000);
  const numerator = cents * (1_000_000 + scaledRate);
  return Math.sign(numerator) * Math.floor((Math.abs(numerator) + 500_000) / 1_000_000);
}

/** The VAT share of a net amount, rounded like addTax. */
export function taxAmount(cents: Cents, ratePercent: number): Cents {
  return addTax(cents, ratePercent) - cents;
}
