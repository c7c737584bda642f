import { useMemo } from 'react';
import { catalogSnapshot$, type CatalogSnapshot } from '../../../db/queries/catalog-snapshot';
import type { PriceView } from '../../../db/queries/listing-products';
import type { ProductDoc } from '../../../db/schema/products';
import { systemClock } from '../../../domain/clock';
import { priceForDisplay } from '../../../domain/pricing';
import { useObservable } from '../database/use-observable';
import { useDatabase } from '../database/database-provider';
import { usePriceSettings } from './use-price-settings';

/** The shared in-memory catalogue; undefined while the database opens and the first read runs. */
export function useCatalogSnapshot(): CatalogSnapshot | undefined {
  const db = useDatabase();
  return useObservable(() => (db ? catalogSnapshot$(db) : null), [db]);
}

const rateIds = new WeakMap<object, number>();
let lastRateId = 0;
function identityOf(value: object): number {
  const known = rateIds.get(value);
  if (known !== undefined) return known;
  lastRateId += 1;
  rateIds.set(value, lastRateId);
  return lastRateId;
}

const DAY_MS = 86_400_000;

/**
 * Price sorts and price ranges use the amount the buyer sees (with or without VAT, special price in
 * its window), so "< 50 €" never lists a product shown at 55 €. The key changes with the VAT
 * setting, the tax rules and the day (special price windows), which invalidates cached sorts.
 */
export function usePriceView(now: number = systemClock.now()): PriceView {
  const { withVat, rateFor } = usePriceSettings();
  const day = Math.floor(now / DAY_MS);
  return useMemo(
    () => ({
      key: `${withVat ? 'gross' : 'net'}|${identityOf(rateFor)}|${day}`,
      priceOf: (p: ProductDoc) => priceForDisplay(p, { withVat, taxRate: rateFor(p.tax_class_id) }, day * DAY_MS + DAY_MS / 2).amount,
    }),
    [withVat, rateFor, day],
  );
}
