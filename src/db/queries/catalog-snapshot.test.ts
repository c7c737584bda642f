import { filter, firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppDatabase, type AppDatabase } from '../database';
import { nameSortKey } from '../../domain/name-sort-key';
import type { ProductDoc } from '../schema/products';
import type { MappedStorageInternals } from '../storage/mapped-storage';
import { makeProduct } from '../testing/documents';
import { fakeAppStorage } from '../testing/fake-storage';
import {
  catalogSnapshot$,
  SNAPSHOT_BULK_CHANGES,
  SNAPSHOT_BULK_THROTTLE_MS,
  SNAPSHOT_THROTTLE_MS,
  type CatalogSnapshot,
} from './catalog-snapshot';
import { makeCategory, makeSupplier } from './listing-fixtures';

let db: AppDatabase;

beforeEach(async () => {
  db = await createAppDatabase({ storage: fakeAppStorage(), devMode: true, multiInstance: false });
});

afterEach(async () => {
  await db.close();
});

function snapshotWhere(predicate: (s: CatalogSnapshot) => boolean): Promise<CatalogSnapshot> {
  return firstValueFrom(catalogSnapshot$(db).pipe(filter(predicate)));
}

describe('catalogSnapshot$', () => {
  it('loads listable products, categories and suppliers once', async () => {
    await db.products.bulkInsert([
      makeProduct({ sku: 'A' }),
      makeProduct({ sku: 'DISABLED', status: 2 }),
      makeProduct({ sku: 'CHILD', visibility: 1 }),
      makeProduct({ sku: 'SEARCH-ONLY', visibility: 3, status: 0 }),
    ]);
    await db.categories.insert(makeCategory());
    await db.suppliers.insert(makeSupplier());

    const snapshot = await firstValueFrom(catalogSnapshot$(db));

    expect(snapshot.version).toBe(1);
    expect(snapshot.products.map((p) => p.sku).sort()).toEqual(['A', 'SEARCH-ONLY']);
    expect(snapshot.bySku.get('A')?.name).toBe(makeProduct().name);
    expect(snapshot.bySku.has('DISABLED')).toBe(false);
    expect(snapshot.categories.map((c) => c.id)).toEqual(['12']);
    expect(snapshot.suppliers.map((s) => s.id)).toEqual(['sup-1']);
  });

  it("shares the mapped storage's document objects instead of copying them (memory at 100,000 products)", async () => {
    await db.products.bulkInsert([makeProduct({ sku: 'A' })]);
    const first = await firstValueFrom(catalogSnapshot$(db));
    const internals = (await db.products.storageInstance.internals) as MappedStorageInternals<ProductDoc>;
    const stored = () => internals.allDocuments().find((doc) => doc.sku === 'A');
    expect(first.bySku.get('A')).toBe(stored());

    // A change arrives as an event: the new version holds the newly stored object, not a copy of it.
    await db.products.upsert(makeProduct({ sku: 'A', name: 'Renamed' }));
    const next = await snapshotWhere((s) => s.bySku.get('A')?.name === 'Renamed');
    expect(next.bySku.get('A')).toBe(stored());
  });

  it('leaves out documents deleted before the first read', async () => {
    await db.products.bulkInsert([makeProduct({ sku: 'A' }), makeProduct({ sku: 'GONE' })]);
    await (await db.products.findOne('GONE').exec())?.remove();

    const snapshot = await firstValueFrom(catalogSnapshot$(db));

    expect(snapshot.products.map((p) => p.sku)).toEqual(['A']);
  });

  it('is shared: a second subscriber gets the same snapshot object', async () => {
    const first = await firstValueFrom(catalogSnapshot$(db));
    const second = await firstValueFrom(catalogSnapshot$(db));
    expect(second).toBe(first);
  });

  it('reflects inserts, updates and deletes in new immutable versions', async () => {
    await db.products.insert(makeProduct({ sku: 'A', final_price: 1000 }));
    const first = await firstValueFrom(catalogSnapshot$(db));

    await db.products.insert(makeProduct({ sku: 'B' }));
    const afterInsert = await snapshotWhere((s) => s.bySku.has('B'));
    expect(afterInsert.version).toBeGreaterThan(first.version);
    expect(first.bySku.has('B')).toBe(false);

    await db.products.upsert(makeProduct({ sku: 'A', final_price: 2500, name: 'Νέο όνομα', name_az: nameSortKey('Νέο όνομα') }));
    const afterUpdate = await snapshotWhere((s) => s.bySku.get('A')?.final_price === 2500);
    expect(afterUpdate.bySku.get('A')?.name).toBe('Νέο όνομα');
    // An earlier version's Map stays as it was: the next version got a new one.
    expect(afterInsert.bySku.get('A')?.final_price).toBe(1000);

    const doc = await db.products.findOne('B').exec();
    await doc?.remove();
    const afterDelete = await snapshotWhere((s) => !s.bySku.has('B'));
    expect(afterDelete.products.map((p) => p.sku)).toEqual(['A']);
    expect([...afterUpdate.bySku.keys()]).toEqual(['A', 'B']);
    expect(Object.isFrozen(afterDelete.products)).toBe(true);
  });

  it('drops a product that becomes disabled and adds one that becomes visible', async () => {
    await db.products.bulkInsert([makeProduct({ sku: 'A' }), makeProduct({ sku: 'H', visibility: 1 })]);
    await firstValueFrom(catalogSnapshot$(db));

    await db.products.upsert(makeProduct({ sku: 'A', status: 2 }));
    await db.products.upsert(makeProduct({ sku: 'H', visibility: 2 }));

    const next = await snapshotWhere((s) => s.bySku.has('H') && !s.bySku.has('A'));
    expect(next.products.map((p) => p.sku)).toEqual(['H']);
  });

  it('keeps unchanged collections by identity and follows supplier changes', async () => {
    await db.suppliers.insert(makeSupplier());
    await db.categories.insert(makeCategory());
    const first = await firstValueFrom(catalogSnapshot$(db));

    await db.suppliers.upsert(makeSupplier({ status: 'locked' }));
    const next = await snapshotWhere((s) => s.suppliers[0]?.status === 'locked');
    expect(next.categories).toBe(first.categories);
    expect(next.products).toBe(first.products);
  });

  it('emits at most one snapshot per throttle window during a bulk write', async () => {
    await firstValueFrom(catalogSnapshot$(db));
    const emittedAt: number[] = [];
    const subscription = catalogSnapshot$(db).subscribe(() => emittedAt.push(Date.now()));
    await Promise.all(
      Array.from({ length: 20 }, (_, batch) =>
        db.products.bulkInsert(Array.from({ length: 20 }, (_, i) => makeProduct({ sku: `B${batch}-${i}` }))),
      ),
    );
    const done = await snapshotWhere((s) => s.products.length === 400);
    subscription.unsubscribe();

    expect(done.products.length).toBe(400);
    const gaps = emittedAt.slice(2).map((t, i) => t - (emittedAt[i + 1] ?? 0));
    // setTimeout may fire a millisecond early; the point is no burst of one snapshot per batch.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(SNAPSHOT_THROTTLE_MS - 5);
  }, 30_000);
});

describe('catalogSnapshot$ while documents arrive by the thousand', () => {
  it('waits the longer window between snapshots, and a single change afterwards the short one again', async () => {
    await firstValueFrom(catalogSnapshot$(db));
    const emittedAt: number[] = [];
    const subscription = catalogSnapshot$(db).subscribe(() => emittedAt.push(Date.now()));
    const batch = SNAPSHOT_BULK_CHANGES + 100;
    const started = Date.now();
    for (let b = 0; b < 4; b += 1) {
      if (b > 0) await new Promise((resolve) => setTimeout(resolve, 300));
      await db.products.bulkInsert(Array.from({ length: batch }, (_, i) => makeProduct({ sku: `K${b}-${i}` })));
    }
    const bulkDone = await snapshotWhere((s) => s.products.length === batch * 4);
    const bulkAt = Date.now();
    // Four batches 300 ms apart: one snapshot per batch with the short window, at most one a second here.
    expect(emittedAt.length).toBeGreaterThanOrEqual(2);
    expect(emittedAt.length - 1).toBeLessThanOrEqual(Math.ceil((bulkAt - started) / SNAPSHOT_BULK_THROTTLE_MS) + 1);
    const gaps = emittedAt.slice(2).map((t, i) => t - (emittedAt[i + 1] ?? 0));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(SNAPSHOT_BULK_THROTTLE_MS - 5);
    // A live change after a quiet moment is not held back by the long window.
    await new Promise((resolve) => setTimeout(resolve, SNAPSHOT_THROTTLE_MS));
    await db.products.upsert(makeProduct({ sku: 'K0-0', name: 'Changed' }));
    await snapshotWhere((s) => s.version > bulkDone.version && s.bySku.get('K0-0')?.name === 'Changed');
    subscription.unsubscribe();
    expect(Date.now() - bulkAt).toBeLessThan(SNAPSHOT_BULK_THROTTLE_MS);
  }, 60_000);
});

describe('catalogSnapshot$ full read (measured, not asserted)', () => {
  it('prints the time of the first snapshot of 3,000 products (fake-indexeddb is slow to fill)', async () => {
    const docs = Array.from({ length: 3_000 }, (_, i) =>
      makeProduct({ sku: `P-${String(i).padStart(6, '0')}`, final_price: (i * 37) % 30000 }),
    );
    await db.products.bulkInsert(docs);
    const start = performance.now();
    const snapshot = await firstValueFrom(catalogSnapshot$(db));
    const ms = performance.now() - start;
    console.info(`[measure] first snapshot of ${snapshot.products.length} products: ${ms.toFixed(0)} ms`);
    expect(snapshot.products.length).toBe(3_000);
  }, 60_000);
});
