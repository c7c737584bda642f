// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { createAppDatabase, type AppDatabase } from '../../../db/database';
import { createLocalSearchIndex } from '../../../db/queries/local-search-index';
import { fakeAppStorage } from '../../../db/testing/fake-storage';
import { makeProduct } from '../../../db/testing/documents';
import { createCatalogSearchClient } from '../../../replication/catalog-search-client';
import { createTestSession, customerWith, ok, startFakeBridge, type FakeBridge } from '../../testing/auth-test-harness';
import { activateLocale } from '../../shared/i18n/activate-locale';
import { LocaleProvider } from '../../shared/i18n/locale-provider';
import { NotificationsProvider } from '../../shared/notifications/notifications';
import { DatabaseProvider } from '../../shared/database/database-provider';
import { SessionProvider } from '../../shared/session/session-context';
import { SearchButton } from './search-button';

let bridge: FakeBridge;
let db: AppDatabase;

const onlineItem = {
  sku: 'CAF-1',
  parentSku: null,
  name: 'Καφές ελληνικός 200g',
  name_en: 'Greek coffee 200g',
  supplier_name: 'Λουμίδης ΑΕ',
  price: 3.45,
  tax_class_id: 2,
  slug: 'kafes-ellinikos-200g',
  thumbnail: '/media/product/CAF-1/thumbnail.svg',
};

beforeAll(async () => {
  bridge = await startFakeBridge();
  await activateLocale('en-US');
  db = await createAppDatabase({ name: `search-panel-${Date.now()}`, storage: fakeAppStorage() });
});
afterAll(async () => {
  await db.close();
  await bridge.close();
});
afterEach(() => {
  cleanup();
  bridge.routes.delete('POST /api/catalog/product/_search');
});

async function renderHeaderButton(options: { online: boolean }) {
  const customer = customerWith([{ id: 'b-1', company: 'Alpha AE', afm: '094259216', isSuperUser: true }]);
  bridge.routes.set('GET /api/bridge/user/me', () => ok(customer));
  const session = createTestSession(bridge.baseUrl);
  session.bridge.tokens.write({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: Date.now() + 3_600_000 });
  const index = createLocalSearchIndex();
  await index.sync({
    products: [
      makeProduct({
        sku: 'CAF-9',
        name: 'Καφές φίλτρου 500g',
        name_en: 'Filter coffee 500g',
        supplier_name: 'Τοπικός',
        price: 799,
        barcode: '',
      }),
    ],
    categories: [],
  });
  const client = createCatalogSearchClient({
    client: session.bridge.client,
    local: async (text, o) => index.search(text, o),
    isOnline: () => options.online,
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider controller={session}>
            <DatabaseProvider database={db}>
              <header>
                <SearchButton client={client} />
              </header>
              <Outlet />
            </DatabaseProvider>
          </SessionProvider>
        ),
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: '/p/:parentSku/:slug', element: <h1>Product page</h1> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <LocaleProvider>
      <NotificationsProvider>
        <RouterProvider router={router} />
      </NotificationsProvider>
    </LocaleProvider>,
  );
  return router;
}

async function openPanel() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Search' }));
  const dialog = await screen.findByRole('dialog', { name: 'Search' }, { timeout: 5000 }); // the panel loads lazily
  return { user, dialog, input: within(dialog).getByRole('searchbox', { name: 'Search products' }) };
}

describe('search panel', () => {
  it('asks for 3 characters in English before searching', async () => {
    await renderHeaderButton({ online: true });
    const { user, input, dialog } = await openPanel();
    await user.type(input, 'ka');
    expect(within(dialog).getByRole('status').textContent).toBe('Type at least 3 characters');
  });

  it('shows bridge results with name, sku, supplier and price, linking to the product page', async () => {
    bridge.routes.set('POST /api/catalog/product/_search', () =>
      ok({ items: [onlineItem], total: 1, perPage: 20, start: 0, aggregations: {}, attributeMetadata: [] }),
    );
    const router = await renderHeaderButton({ online: true });
    const { user, input, dialog } = await openPanel();
    await user.type(input, 'καφ');
    const link = await within(dialog).findByRole('link', { name: /Greek coffee 200g/ });
    expect(link.getAttribute('href')).toBe('/p/CAF-1/kafes-ellinikos-200g');
    expect(link.textContent).toContain('SKU CAF-1');
    expect(link.textContent).toContain('Λουμίδης ΑΕ');
    // The tag fills in once the local tax rules are read (it never shows a guessed rate).
    await waitFor(() => expect(within(dialog).getByTestId('price-tag').textContent).toContain('3.45 €'));
    expect(within(dialog).queryByText('Showing offline results')).toBeNull();
    await user.click(link);
    expect(router.state.location.pathname).toBe('/p/CAF-1/kafes-ellinikos-200g');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offline: shows local results under "Showing offline results"', async () => {
    await renderHeaderButton({ online: false });
    const { user, input, dialog } = await openPanel();
    await user.type(input, 'καφες');
    expect(await within(dialog).findByText('Showing offline results')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('link', { name: /Filter coffee 500g/ })
        .getAttribute('href'),
    ).toBe('/p/CAF-9/elaiolado-kritis-5l');
    expect(within(dialog).getByRole('status').textContent).toBe('1 product found');
  });

  it('closes on Escape and gives focus back to the Search button', async () => {
    await renderHeaderButton({ online: true });
    const { user } = await openPanel();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Search' }));
  });

  it('sets the theme colour while open and restores it after', async () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = '#0b5cad';
    document.head.append(meta);
    await renderHeaderButton({ online: true });
    const { user } = await openPanel();
    expect(meta.content).toBe('#f3f5f9');
    await user.keyboard('{Escape}');
    expect(meta.content).toBe('#0b5cad');
    meta.remove();
  });
});
