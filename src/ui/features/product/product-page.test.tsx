// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppDatabase, type AppDatabase } from '../../../db/database';
import { makeProduct } from '../../../db/testing/documents';
import { fakeAppStorage } from '../../../db/testing/fake-storage';
import { startFakeBridge, type FakeBridge } from '../../testing/auth-test-harness';
import { activateLocale } from '../../shared/i18n/activate-locale';
import { BLUE, RED, SIZE_L, SIZE_M, child, configurable, insertGreekVat, renderProductRoute } from '../../testing/product-test-harness';

const NO_SUCH_CONFIGURATION = 'No such configuration for the product. Please do choose another combination of attributes.';

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
  db = await createAppDatabase({ name: `product-page-${counter}`, storage: fakeAppStorage(), multiInstance: false });
  await insertGreekVat(db);
});
afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  await db.close();
});

function priceText(): string {
  return screen.getAllByTestId('price-tag')[0]?.textContent ?? '';
}

describe('configurable product page', () => {
  beforeEach(async () => {
    await db.products.insert(
      configurable([
        child('TSHIRT-RED-M', RED, SIZE_M, { price: 1000 }),
        child('TSHIRT-BLUE-L', BLUE, SIZE_L, { price: 1500 }),
        child('TSHIRT-RED-L', RED, SIZE_L, { is_in_stock: false }),
        child('TSHIRT-BLUE-M', BLUE, SIZE_M, { status: 2 }),
      ]),
    );
  });

  it('finds the variant of the picked colour and size, puts its sku in the URL and shows its price', async () => {
    const { router } = renderProductRoute(bridge, db, '/p/TSHIRT/t-shirt');
    await screen.findByRole('heading', { level: 1, name: 'T-shirt' });
    const user = userEvent.setup();

    await user.click(within(screen.getByRole('group', { name: 'Colour' })).getByRole('radio', { name: 'Blue' }));
    await user.click(within(screen.getByRole('group', { name: 'Size' })).getByRole('radio', { name: 'L' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/p/TSHIRT/t-shirt/TSHIRT-BLUE-L'));
    await waitFor(() => expect(priceText()).toContain('15.00 €'));
    expect(priceText()).toContain('excl. VAT 13%');
    expect(screen.getByText('TSHIRT-BLUE-L')).toBeTruthy();
    expect(screen.queryByText(NO_SUCH_CONFIGURATION)).toBeNull();
  });

  it('warns with the product-rules message for a combination that does not exist (out-of-stock and disabled children are dropped)', async () => {
    const { router } = renderProductRoute(bridge, db, '/p/TSHIRT/t-shirt/TSHIRT-RED-M');
    await screen.findByRole('heading', { level: 1, name: 'T-shirt TSHIRT-RED-M' });
    expect(screen.getByRole('radio', { name: 'Red' })).toHaveProperty('checked', true);
    const user = userEvent.setup();

    await user.click(screen.getByRole('radio', { name: 'L' }));

    expect((await screen.findByText(NO_SUCH_CONFIGURATION)).getAttribute('role')).toBe('alert');
    expect(router.state.location.pathname).toBe('/p/TSHIRT/t-shirt/TSHIRT-RED-M');

    await user.click(screen.getByRole('radio', { name: 'Blue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p/TSHIRT/t-shirt/TSHIRT-BLUE-L'));
    expect(screen.queryByText(NO_SUCH_CONFIGURATION)).toBeNull();
  });

  it('accepts childSku as a query parameter', async () => {
    renderProductRoute(bridge, db, '/p/TSHIRT/t-shirt?childSku=TSHIRT-BLUE-L');
    await waitFor(() => expect(priceText()).toContain('15.00 €'));
    expect(screen.getByRole('radio', { name: 'Blue' })).toHaveProperty('checked', true);
  });

  it('replaces a link to a child variant with its parent and the child selected', async () => {
    const { router } = renderProductRoute(bridge, db, '/p/TSHIRT-BLUE-L/anything');
    await waitFor(() => expect(router.state.location.pathname).toBe('/p/TSHIRT/t-shirt/TSHIRT-BLUE-L'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('product page states', () => {
  it('says "No available product variants" when every child is out of stock or disabled', async () => {
    await db.products.insert(
      configurable([child('TSHIRT-RED-M', RED, SIZE_M, { is_in_stock: false }), child('TSHIRT-BLUE-L', BLUE, SIZE_L, { status: 3 })]),
    );
    renderProductRoute(bridge, db, '/p/TSHIRT/t-shirt');
    expect((await screen.findByText('No available product variants')).getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('updates the shown price when replication writes a new price', async () => {
    await db.products.insert(makeProduct({ sku: 'OIL-5L', price: 3450, final_price: 3450 }));
    renderProductRoute(bridge, db, '/p/OIL-5L/elaiolado-kritis-5l', { withVat: true });
    await waitFor(() => expect(priceText()).toContain('38.99 €')); // 34.50 € + 13 %
    expect(priceText()).toContain('incl. VAT 13%');

    await db.products.upsert(makeProduct({ sku: 'OIL-5L', price: 4000, final_price: 4000, updated_at: Date.UTC(2026, 5, 1) }));

    await waitFor(() => expect(priceText()).toContain('45.20 €'));
  });

  it('shows the product facts and stock status', async () => {
    await db.products.insert(makeProduct({ sku: 'OIL-5L', measurement_unit: 'carton', unit_quantity: 6 }));
    await db.suppliers.insert({
      id: 'sup-1',
      name: 'Κρητικά Προϊόντα ΑΕ',
      name_az: 'κρητικα',
      slug: 'kritika-proionta',
      status: 'active',
      minimum_order: 5000,
      activation_date: 1,
      updated_at: 1,
    });
    renderProductRoute(bridge, db, '/p/OIL-5L/elaiolado-kritis-5l');
    expect(await screen.findByText('In stock!')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Κρητικά Προϊόντα ΑΕ' })).toHaveProperty(
      'href',
      expect.stringContaining('/s/kritika-proionta'),
    );
    expect(screen.getByText('5201234567890')).toBeTruthy();
    expect(screen.getByText('Carton of 6')).toBeTruthy();
  });

  it('shows page-not-found online for a product that is not in the local database', async () => {
    renderProductRoute(bridge, db, '/p/NOPE-1/whatever');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('price tag while the tax rules load', () => {
  it('never shows a guessed rate: empty and busy first, then the price with VAT 13 %', async () => {
    await db.products.insert(
      makeProduct({ sku: 'OIL-1', slug: 'oil', url_key: 'oil', name_en: 'Olive oil', price: 1000, final_price: 1000 }),
    );
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      for (const tag of document.querySelectorAll('[data-testid="price-tag"]')) seen.push(tag.textContent ?? '');
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      renderProductRoute(bridge, db, '/p/OIL-1/oil', { withVat: true });
      await screen.findByRole('heading', { level: 1, name: 'Olive oil' });
      await waitFor(() => expect(priceText()).toContain('11.30 €'));
    } finally {
      observer.disconnect();
    }
    expect(priceText()).toContain('incl. VAT 13%');
    expect(seen.filter((text) => text.includes('0%') && !text.includes('13%'))).toEqual([]);
    expect(seen.some((text) => text.includes('10.00 €'))).toBe(false);
  });
});
