import { useCallback } from 'react';
import { lastTaxSettings, observeTaxSettings, type TaxSettings } from '../../../db/queries/product-tax';
import { findTaxRate } from '../../../domain/tax';
import { useSession } from '../session/session-context';
import { useObservable } from '../database/use-observable';
import { useDatabase } from '../database/database-provider';

export interface PriceSettings {
  /** The customer's "show prices with VAT" choice (docs/product-rules.md §1); false until the profile is known. */
  withVat: boolean;
  /** VAT percent of a product tax class in the store's default country (0 for class 0 or no rule). */
  rateFor(taxClassId: number): number;
  /** False until the tax rules were read: rateFor then answers 0, which must not be shown as the rate. */
  taxKnown: boolean;
}

const NO_RULES: TaxSettings = { rules: [], country: 'GR', region: null };

/** What every price on screen needs; tax rules come live from the local catalogue. */
export function usePriceSettings(): PriceSettings {
  const db = useDatabase();
  const { customer } = useSession();
  const read = useObservable(() => (db ? observeTaxSettings(db) : null), [db]) ?? (db ? lastTaxSettings(db) : undefined);
  const tax = read ?? NO_RULES;
  const rateFor = useCallback((taxClassId: number) => findTaxRate(taxClassId, tax.rules, tax), [tax]);
  return { withVat: customer?.show_prices_with_vat === true, rateFor, taxKnown: read !== undefined };
}
