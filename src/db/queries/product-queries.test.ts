import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filter, firstValueFrom } from 'rxjs';
import { createAppDatabase, type AppDatabase } from '../database';
import { fakeAppStorage } from '../testing/fake-storage';
import { makeProduct } from '../testing/documents';
import { recordRecentlyViewedProduct } from '../commands/record-recently-viewed';
import { findProductRouteTarget, observeProduct } from './product-by-sku';
import { findRelatedProducts } from './product-related';
import { observeRecentlyViewed } from './product-recently-viewed';
import { lastTaxSettings, observeTaxSettings } from './product-tax';
import { findTaxRate } from '../../domain/tax';

let db: AppDatabase;
let counter = 0;

beforeEach(async () => {
  counter += 1;
  db = await createAppDatabase({ name: `product-queries-${counter}`, storage: fakeAppStorage(), multiInstance: false });
});
afterEach(async () => {
  await db.close();
});

describe('product queries', () => {
  it('resolves a child sku to its configurable parent, and a product to itself', async () => {
    await db.products.insert(
      makeProduct({
        sku: 'PAP-000010',
        type_id: 'configurable',
        configurable_children: [
          {
            sku: 'PAP-000010-RED-XL',
            id: '11',
            name: 'x',
            name_en: 'x',
            status: 1,
            price: 100,
            final_price: 100,
            qty: 1,
            is_in_stock: true,
            manage_stock: true,
            color: 52,
            size: 170,
            custom_attributes: [],
          },
        ],
      }),
    );
    expect(await findProductRouteTarget(db, 'PAP-000010-RED-XL')).toMatchObject({
      kind: 'child',
      childSku: 'PAP-000010-RED-XL',
      parent: { sku: 'PAP-000010' },
    });
    expect(await findProductRouteTarget(db, 'PAP-000010')).toMatchObject({ kind: 'product', product: { sku: 'PAP-000010' } });
    expect(await findProductRouteTarget(db, 'PAP-000010-BLUE-S')).toEqual({ kind: 'missing' });
  });

  it('emits a product again when its price changes', async () => {
    await db.products.insert(makeProduct({ sku: 'A', price: 1000, final_price: 1000 }));
    const live = observeProduct(db, 'A');
    expect((await firstValueFrom(live))?.price).toBe(1000);
    const changed = firstValueFrom(live.pipe(filter((p) => p?.price !== 1000)));
    await db.products.upsert(makeProduct({ sku: 'A', price: 1250, final_price: 1250, updated_at: Date.UTC(2026, 1, 1) }));
    expect((await changed)?.price).toBe(1250);
  });

  it('finds related products of the same supplier and category, without itself or unlisted ones', async () => {
    await db.products.bulkInsert([
      makeProduct({ sku: 'SELF', name_az: 'a', category_ids: ['12'] }),
      makeProduct({ sku: 'R1', name_az: 'b', category_ids: ['12'] }),
      makeProduct({ sku: 'NO-STOCK', name_az: 'c', category_ids: ['12'], is_in_stock: false }),
      makeProduct({ sku: 'OTHER-SUP', name_az: 'd', category_ids: ['12'], supplier_id: 'sup-2' }),
      makeProduct({ sku: 'OTHER-CAT', name_az: 'e', category_ids: ['99'] }),
    ]);
    const self = makeProduct({ sku: 'SELF', category_ids: ['12'] });
    expect((await findRelatedProducts(db, self)).map((p) => p.sku)).toEqual(['R1']);
  });

  it('reads tax rules and the default country from catalog_meta', async () => {
    await db.catalog_meta.bulkInsert([
      {
        key: 'tax_rule:2',
        type: 'tax_rule',
        id: '2',
        updated_at: 1,
        data: {
          id: 2,
          product_tax_class_ids: [2],
          customer_tax_class_ids: [3],
          rates: [{ rate: 13, tax_country_id: 'GR', tax_region_id: 0, region_name: '' }],
        },
      },
      { key: 'store_config:tax.defaultCountry', type: 'store_config', id: 'tax.defaultCountry', updated_at: 1, data: { value: 'GR' } },
    ]);
    const settings = await firstValueFrom(observeTaxSettings(db));
    expect(settings.country).toBe('GR');
    expect(findTaxRate(2, settings.rules, settings)).toBe(13);
  });

  it('keeps the tax rules current after the last subscriber leaves, so the next price tag starts right', async () => {
    const rule = (rate: number) => ({
      key: 'tax_rule:2',
      type: 'tax_rule' as const,
      id: '2',
      updated_at: rate,
      data: {
        id: 2,
        product_tax_class_ids: [2],
        customer_tax_class_ids: [3],
        rates: [{ rate, tax_country_id: 'GR', tax_region_id: 0, region_name: '' }],
      },
    });
    await db.catalog_meta.insert(rule(13));
    const first = await firstValueFrom(observeTaxSettings(db).pipe(filter((s) => s.rules.length > 0)));
    expect(findTaxRate(2, first.rules, first)).toBe(13);

    // No price tag on screen now (firstValueFrom unsubscribed); the rate changes on the bridge.
    await db.catalog_meta.upsert(rule(24));
    await expect
      .poll(() => {
        const latest = lastTaxSettings(db);
        return latest ? findTaxRate(2, latest.rules, latest) : null;
      })
      .toBe(24);
  });

  it('keeps recently viewed per customer, newest first, without duplicates', async () => {
    await recordRecentlyViewedProduct(db, 'c-1', 'A', { now: () => 1 });
    await recordRecentlyViewedProduct(db, 'c-1', 'B', { now: () => 2 });
    await recordRecentlyViewedProduct(db, 'c-1', 'A', { now: () => 3 });
    await recordRecentlyViewedProduct(db, 'c-2', 'Z', { now: () => 4 });
    expect((await firstValueFrom(observeRecentlyViewed(db, 'c-1'))).map((e) => e.sku)).toEqual(['A', 'B']);
    expect((await firstValueFrom(observeRecentlyViewed(db, 'c-2'))).map((e) => e.sku)).toEqual(['Z']);
  });
});
