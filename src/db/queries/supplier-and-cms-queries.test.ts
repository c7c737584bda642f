import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filter, firstValueFrom } from 'rxjs';
import { createAppDatabase, type AppDatabase } from '../database';
import { fakeAppStorage } from '../testing/fake-storage';
import { readCmsPages } from './cms-pages';
import { makeSupplier } from './listing-fixtures';
import { observeSupplier } from './supplier-by-id';

let db: AppDatabase;
let counter = 0;

beforeEach(async () => {
  counter += 1;
  db = await createAppDatabase({ name: `supplier-cms-queries-${counter}`, storage: fakeAppStorage(), multiInstance: false });
});
afterEach(async () => {
  await db.close();
});

describe('observeSupplier', () => {
  it('emits null for an unknown supplier, then the supplier once stored, then its changes', async () => {
    const live = observeSupplier(db, 'sup-1');
    expect(await firstValueFrom(live)).toBeNull();
    await db.suppliers.insert(makeSupplier({ id: 'sup-1', name: 'Kritika AE' }));
    expect(await firstValueFrom(live.pipe(filter((s) => s !== null)))).toMatchObject({ id: 'sup-1', name: 'Kritika AE' });
    await db.suppliers.upsert(makeSupplier({ id: 'sup-1', name: 'Kritika Trofima AE', updated_at: 2 }));
    expect(await firstValueFrom(live.pipe(filter((s) => s?.name === 'Kritika Trofima AE')))).toMatchObject({ id: 'sup-1' });
  });
});

describe('readCmsPages', () => {
  it('returns CMS pages only, named by their identifier', async () => {
    await db.catalog_meta.bulkInsert([
      { key: 'cms_page:about-us', type: 'cms_page', id: 'about-us', updated_at: 1, data: { title: 'Σχετικά', content: '<p>x</p>' } },
      { key: 'cms_block:footer', type: 'cms_block', id: 'footer', updated_at: 1, data: { content: 'f' } },
      { key: 'store_config:tax.defaultCountry', type: 'store_config', id: 'tax.defaultCountry', updated_at: 1, data: { value: 'GR' } },
    ]);
    expect(await readCmsPages(db)).toEqual([{ identifier: 'about-us', title: 'Σχετικά', content: '<p>x</p>' }]);
  });
});
