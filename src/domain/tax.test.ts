import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addTax, findTaxRate, taxAmount, type TaxRule } from './tax';

/** The seed's Greek VAT rules (server/seed/tax-rules.ts): class 1 = 24 %, 2 = 13 %, 3 = 6 %. */
const greekRules: TaxRule[] = [1, 2, 3].map((id) => ({
  id,
  priority: 0,
  position: id,
  product_tax_class_ids: [id],
  customer_tax_class_ids: [3],
  rates: [{ rate: [24, 13, 6][id - 1] ?? 0, tax_country_id: 'GR', tax_region_id: 0, region_name: '' }],
}));

const islandRule: TaxRule = {
  id: 9,
  product_tax_class_ids: [1],
  rates: [{ rate: 17, tax_country_id: 'GR', tax_region_id: 42, region_name: 'Λέρος' }],
};

describe('addTax', () => {
  it('adds 24 %, 13 % and 6 % to 10.00 €', () => {
    expect(addTax(1000, 24)).toBe(1240);
    expect(addTax(1000, 13)).toBe(1130);
    expect(addTax(1000, 6)).toBe(1060);
  });

  it('rounds half a cent up', () => {
    expect(addTax(99, 13)).toBe(112); // 111.87
    expect(addTax(50, 13)).toBe(57); // 56.5
    expect(addTax(25, 6)).toBe(27); // 26.5
    expect(addTax(1, 24)).toBe(1); // 1.24
    expect(addTax(3, 17)).toBe(4); // 3.51
  });

  it('keeps the amount at 0 % and on zero prices', () => {
    expect(addTax(1999, 0)).toBe(1999);
    expect(addTax(0, 24)).toBe(0);
    expect(taxAmount(1000, 24)).toBe(240);
  });
});

describe('findTaxRate', () => {
  const greece = { country: 'GR' };

  it('finds the rate of the product tax class in Greece', () => {
    expect(findTaxRate(1, greekRules, greece)).toBe(24);
    expect(findTaxRate(2, greekRules, greece)).toBe(13);
    expect(findTaxRate(3, greekRules, greece)).toBe(6);
  });

  it('applies no tax to tax class 0 or a negative class', () => {
    expect(findTaxRate(0, greekRules, greece)).toBe(0);
    expect(findTaxRate(-1, greekRules, greece)).toBe(0);
  });

  it('gives 0 % when no rule covers the class or the country', () => {
    expect(findTaxRate(7, greekRules, greece)).toBe(0);
    expect(findTaxRate(1, greekRules, { country: 'DE' })).toBe(0);
    expect(findTaxRate(1, [], greece)).toBe(0);
  });

  it('filters by customer tax class when one is given', () => {
    expect(findTaxRate(1, greekRules, { country: 'GR', customerTaxClassId: 3 })).toBe(24);
    expect(findTaxRate(1, greekRules, { country: 'GR', customerTaxClassId: 5 })).toBe(0);
  });

  it('matches a regional rate by region name and prefers it over the country-wide rate', () => {
    const rules = [...greekRules, islandRule];
    expect(findTaxRate(1, rules, { country: 'GR', region: 'Λέρος' })).toBe(17);
    expect(findTaxRate(1, rules, { country: 'GR', region: 'Αττική' })).toBe(24);
    expect(findTaxRate(1, rules, { country: 'gr' })).toBe(24);
    expect(findTaxRate(1, [islandRule], { country: 'GR', region: 'Αττική' })).toBe(0);
  });
});

describe('regions', () => {
  const rules = [...greekRules, islandRule];

  it('matches the region name whatever its case or surrounding spaces', () => {
    expect(findTaxRate(1, rules, { country: 'GR', region: '  ΛΈΡΟΣ ' })).toBe(17);
    const padded: TaxRule = { ...islandRule, rates: [{ rate: 17, tax_country_id: 'GR', tax_region_id: 42, region_name: ' λέρος  ' }] };
    expect(findTaxRate(1, [...greekRules, padded], { country: 'GR', region: 'Λέρος' })).toBe(17);
  });

  it('a blank region is no region: the country-wide rate applies', () => {
    expect(findTaxRate(1, rules, { country: 'GR', region: '   ' })).toBe(24);
    expect(findTaxRate(1, rules, { country: 'GR', region: null })).toBe(24);
  });

  it('a regional rate never applies to the rest of the country, whether it names its region or only numbers it', () => {
    const namedOnly: TaxRule = { ...islandRule, rates: [{ rate: 17, tax_country_id: 'GR', tax_region_id: null, region_name: 'Λέρος' }] };
    const numberedOnly: TaxRule = { ...islandRule, rates: [{ rate: 17, tax_country_id: 'GR', tax_region_id: 42, region_name: null }] };
    for (const regional of [namedOnly, numberedOnly]) {
      expect(findTaxRate(1, [regional, ...greekRules], { country: 'GR', region: 'Αττική' })).toBe(24);
      expect(findTaxRate(1, [regional, ...greekRules], { country: 'GR' })).toBe(24);
    }
  });
});

describe('rule order', () => {
  /** Country-wide rules for class 1 whose (priority, position) keys are all different. */
  const rulesArb = fc.uniqueArray(
    fc.record({
      priority: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
      position: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
      rate: fc.integer({ min: 1, max: 30 }),
    }),
    { selector: (r) => `${r.priority ?? 0}/${r.position ?? 0}`, minLength: 1, maxLength: 6 },
  );
  const toRules = (list: { priority: number | undefined; position: number | undefined; rate: number }[]): TaxRule[] =>
    list.map(({ priority, position, rate }, id) => ({
      id,
      priority,
      position,
      product_tax_class_ids: [1],
      rates: [{ rate, tax_country_id: 'GR', tax_region_id: 0, region_name: '' }],
    }));

  it('the rule with the lowest priority, then the lowest position, gives the rate (unset counts as 0), in any order', () => {
    fc.assert(
      fc.property(rulesArb, (list) => {
        const first = [...list].sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0) || (a.position ?? 0) - (b.position ?? 0))[0];
        expect(findTaxRate(1, toRules(list), { country: 'GR' })).toBe(first?.rate);
        expect(findTaxRate(1, toRules([...list].reverse()), { country: 'GR' })).toBe(first?.rate);
      }),
    );
  });
});

describe('the tax class guard', () => {
  /** A catalogue that (wrongly or for "no class") lists class 0 and a negative class in a rule. */
  const rulesNamingClassZero: TaxRule[] = [
    { id: 20, product_tax_class_ids: [0, -1], rates: [{ rate: 24, tax_country_id: 'GR', region_name: '' }] },
  ];

  it.each([0, -1, Number.NaN])('charges no tax for tax class %s, even when a rule names that class', (taxClassId) => {
    expect(findTaxRate(taxClassId, rulesNamingClassZero, { country: 'GR' })).toBe(0);
  });

  it('still charges the rule of class 1 next to it', () => {
    expect(findTaxRate(1, [...rulesNamingClassZero, ...greekRules], { country: 'GR' })).toBe(24);
  });
});
