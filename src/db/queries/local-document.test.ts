import { firstValueFrom, take, toArray } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyCatalogChanges } from '../commands/apply-catalog-changes';
import { createAppDatabase, type AppDatabase } from '../database';
import { makeProduct } from '../testing/documents';
import { fakeAppStorage } from '../testing/fake-storage';
import { observeDatabaseLocal } from './local-document';

let db: AppDatabase;

beforeEach(async () => {
  db = await createAppDatabase({ storage: fakeAppStorage(), devMode: true });
});

afterEach(async () => {
  await db.close();
});

const valueOf = (doc: { toJSON(): { data: unknown } } | null) => (doc ? doc.toJSON().data : null);

describe('observeDatabaseLocal', () => {
  it('emits null until the document exists, then each version of it, and null after its removal', async () => {
    const seen: unknown[] = [];
    const subscription = observeDatabaseLocal<{ n: number }>(db, 'counter').subscribe((doc) => seen.push(valueOf(doc)));
    await vi.waitFor(() => expect(seen).toEqual([null]));
    await db.upsertLocal('counter', { n: 1 });
    await vi.waitFor(() => expect(seen).toEqual([null, { n: 1 }]));
    await db.upsertLocal('counter', { n: 2 });
    await vi.waitFor(() => expect(seen).toEqual([null, { n: 1 }, { n: 2 }]));
    await (await db.getLocal('counter'))?.remove();
    await vi.waitFor(() => expect(seen).toEqual([null, { n: 1 }, { n: 2 }, null]));
    subscription.unsubscribe();
  });

  it('reads an existing document at once, and is not woken by other local documents or catalogue writes', async () => {
    await db.upsertLocal('cart', { lines: 3 });
    const getLocal = vi.spyOn(db, 'getLocal');
    const emitted = firstValueFrom(observeDatabaseLocal<{ lines: number }>(db, 'cart').pipe(take(2), toArray()));
    expect(valueOf(await firstValueFrom(observeDatabaseLocal<{ lines: number }>(db, 'cart')))).toEqual({ lines: 3 });
    const reads = getLocal.mock.calls.length;
    await db.upsertLocal('other', { x: 1 });
    await applyCatalogChanges(db, 'products', {
      upserts: Array.from({ length: 500 }, (_, i) => makeProduct({ sku: `P-${i}` })),
      removals: [],
    });
    expect(getLocal.mock.calls.length).toBe(reads);
    await db.upsertLocal('cart', { lines: 4 });
    expect((await emitted).map(valueOf)).toEqual([{ lines: 3 }, { lines: 4 }]);
  });

  it('hands the latest version to a subscriber that joins after changes', async () => {
    await db.upsertLocal('k', { v: 'a' });
    await db.upsertLocal('k', { v: 'b' });
    const late = await firstValueFrom(observeDatabaseLocal<{ v: string }>(db, 'k'));
    expect(valueOf(late)).toEqual({ v: 'b' });
  });
});
