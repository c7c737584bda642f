import { z } from 'zod';
import { combineLatest, map, shareReplay, tap, type Observable } from 'rxjs';
import { taxRuleSchema } from '../../contracts/tax-rule';
import type { TaxRule } from '../../domain/tax';
import type { AppDatabase } from '../database';
import { catalogMetaKey } from '../schema/catalog-meta';

/** What prices need to add VAT: the rules and the place they are applied for (docs/product-rules.md §5). */
export interface TaxSettings {
  rules: TaxRule[];
  /** store_config tax.defaultCountry; GR when the configuration has not arrived yet. */
  country: string;
  region: string | null;
}

export const FALLBACK_TAX_COUNTRY = 'GR';

const configValueSchema = z.object({ value: z.string() });

function configString(data: unknown): string | null {
  const parsed = configValueSchema.safeParse(data);
  return parsed.success && parsed.data.value.trim() !== '' ? parsed.data.value.trim() : null;
}

// Every price tag on a page asks for the same settings: one set of live queries per database, shared.
const shared = new WeakMap<AppDatabase, Observable<TaxSettings>>();
const latest = new WeakMap<AppDatabase, TaxSettings>();

/**
 * Tax rules and the default country from catalog_meta, live; malformed rules are skipped. The first call
 * for a database starts the queries and keeps them running until the database closes, so
 * lastTaxSettings() stays current while no price is on screen (e.g. between two pages).
 */
export function observeTaxSettings(db: AppDatabase): Observable<TaxSettings> {
  let settings$ = shared.get(db);
  if (!settings$) {
    settings$ = taxSettingsQuery(db).pipe(
      tap((settings) => latest.set(db, settings)),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    shared.set(db, settings$);
    const keepAlive = settings$.subscribe({ error: (error: unknown) => console.warn('tax settings could not be read', error) });
    db.onClose.push(() => keepAlive.unsubscribe());
  }
  return settings$;
}

/**
 * The settings last read from this database, if any: a price tag mounted later starts with them instead
 * of an empty (aria-busy) first render, which made the card grow once the rules arrived.
 */
export function lastTaxSettings(db: AppDatabase): TaxSettings | undefined {
  return latest.get(db);
}

function taxSettingsQuery(db: AppDatabase): Observable<TaxSettings> {
  const rules$ = db.catalog_meta.find({ selector: { type: 'tax_rule' } }).$.pipe(
    map((docs) =>
      docs.flatMap((doc) => {
        const parsed = taxRuleSchema.safeParse(doc.toMutableJSON().data);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  );
  const country$ = db.catalog_meta.findOne(catalogMetaKey('store_config', 'tax.defaultCountry')).$;
  const region$ = db.catalog_meta.findOne(catalogMetaKey('store_config', 'tax.defaultRegion')).$;
  return combineLatest([rules$, country$, region$]).pipe(
    map(([rules, country, region]) => ({
      rules,
      country: (country && configString(country.data)) ?? FALLBACK_TAX_COUNTRY,
      region: region ? configString(region.data) : null,
    })),
  );
}
