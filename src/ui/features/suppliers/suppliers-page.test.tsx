// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppDatabase, type AppDatabase } from '../../../db/database';
import { makeSupplier } from '../../../db/queries/listing-fixtures';
import { makeProduct } from '../../../db/testing/documents';
import { fakeAppStorage } from '../../../db/testing/fake-storage';
import { startFakeBridge, type FakeBridge } from '../../testing/auth-test-harness';
import { activateLocale } from '../../shared/i18n/activate-locale';
import { renderBrowsingRoute } from '../../testing/browsing-test-harness';

let bridge: FakeBridge;
let db: AppDatabase;
let counter = 0;

beforeAll(async () => {
  bridge = await startFakeBridge();
});
afterAll(() => bridge.close());
beforeEach(async () => {
  await activateLocale('en-US');
  counter += 1;
  db = await createAppDatabase({ name: `suppliers-page-${counter}`, storage: fakeAppStorage(), multiInstance: false });
  await db.suppliers.bulkInsert([
    ...Array.from({ length: 12 }, (_, i) =>
      makeSupplier({
        id: `s${i}`,
        name: `Supplier ${String(i).padStart(2, '0')}`,
        slug: `s${i}`,
        activation_date: 1_000 + i,
        payment_methods: i % 2 ? [2] : [1],
      }),
    ),
    makeSupplier({ id: 'locked', name: 'Locked Co', slug: 'locked', status: 'locked', activation_date: 5_000 }),
    makeSupplier({ id: 'gone', name: 'Gone Co', slug: 'gone', status: 'inactive', activation_date: 6_000 }),
  ]);
  await db.products.bulkInsert(
    Array.from({ length: 10 }, (_, i) =>
      makeProduct({
        sku: `P${i}`,
        name: `Product ${i}`,
        name_en: `Product ${i}`,
        supplier_id: i < 5 ? 's1' : 'locked',
        created_at: i,
        new: i === 3,
      }),
    ),
  );
});
afterEach(async () => {
  cleanup();
  await db.close();
});

const supplierNames = (): string[] =>
  screen.queryAllByTestId('supplier-card').map((card) => within(card).getByRole('link').textContent ?? '');

describe('/suppliers', () => {
  it('lists active and locked suppliers newest first, hides inactive ones, and keeps filters in the URL', async () => {
    const { router } = renderBrowsingRoute(bridge, db, '/suppliers');
    await waitFor(() => expect(supplierNames()).toHaveLength(13));
    expect(supplierNames()[0]).toBe('Locked Co');
    expect(supplierNames()).not.toContain('Gone Co');
    expect(within(screen.getAllByTestId('supplier-card')[0] as HTMLElement).getByText('Approved buyers only')).toBeTruthy();

    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Payment method' }), 'Cash on delivery');

    await waitFor(() => expect(supplierNames()).toHaveLength(6));
    expect(router.state.location.search).toBe('?payment=2');
  });
});

describe('/s/{slug}', () => {
  it('shows an active supplier with its products', async () => {
    renderBrowsingRoute(bridge, db, '/s/s1');
    await screen.findByRole('heading', { level: 1, name: 'Supplier 01' });
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(5));
  });

  it('shows a locked supplier without products, asking to request access', async () => {
    renderBrowsingRoute(bridge, db, '/s/locked');
    await screen.findByRole('heading', { level: 1, name: 'Locked Co' });
    expect(screen.getByRole('note').textContent).toContain('Request access');
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
  });
});

describe('home', () => {
  it('shows the 10 newest active suppliers and 8 products in the new collection, flagged new first', async () => {
    renderBrowsingRoute(bridge, db, '/');
    const carousel = await screen.findByRole('list', { name: 'New suppliers' });
    expect(within(carousel).getAllByTestId('supplier-card')).toHaveLength(10);
    const fresh = within(screen.getByRole('list', { name: 'New collection' })).getAllByTestId('product-card');
    expect(fresh).toHaveLength(8);
    expect(fresh[0]?.getAttribute('data-sku')).toBe('P3');
  });
});
