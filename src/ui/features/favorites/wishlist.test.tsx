// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { setFavorite } from '../../../db/commands/favorites';
import { createAppDatabase, type AppDatabase } from '../../../db/database';
import { fakeAppStorage } from '../../../db/testing/fake-storage';
import { makeProduct } from '../../../db/testing/documents';
import { createTestSession, customerWith, ok, startFakeBridge, type FakeBridge } from '../../testing/auth-test-harness';
import { DatabaseProvider } from '../../shared/database/database-provider';
import { FavoritesProvider } from '../../shared/favorites/favorites-context';
import { activateLocale } from '../../shared/i18n/activate-locale';
import { LocaleProvider } from '../../shared/i18n/locale-provider';
import { NotificationsProvider } from '../../shared/notifications/notifications';
import { SessionProvider } from '../../shared/session/session-context';
import { WISHLIST_SIZE, WishlistButton } from './wishlist';

const BUYER = 'b-1';
let bridge: FakeBridge;
let db: AppDatabase;
let run = 0;

beforeAll(async () => {
  bridge = await startFakeBridge();
  await activateLocale('en-US');
});
afterAll(() => bridge.close());
beforeEach(async () => {
  run += 1;
  db = await createAppDatabase({ name: `wishlist-${Date.now()}-${run}`, storage: fakeAppStorage() });
  // The device is offline: the overlay reads the favourites kept on it.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
  bridge.routes.clear();
  await db.close();
});

async function addProducts(count: number) {
  const products = Array.from({ length: count }, (_, i) =>
    makeProduct({
      sku: `P-${i}`,
      id: String(2000 + i),
      name: `Προϊόν ${i}`,
      name_en: `Product ${i}`,
      slug: `product-${i}`,
      supplier_id: 'sup-1',
      supplier_name: 'Λουμίδης ΑΕ',
    }),
  );
  await db.products.bulkInsert(products);
  // Marked one after the other: P-{count-1} is the newest.
  for (const [i, product] of products.entries()) {
    await setFavorite(db, { buyerId: BUYER, sku: product.sku, supplierId: 'sup-1' }, true, 1_700_000_000_000 + i * 1000);
  }
}

function renderHeader() {
  const customer = customerWith([{ id: BUYER, company: 'Alpha AE', afm: '094259216', isSuperUser: false }]);
  bridge.routes.set('GET /api/bridge/user/me', () => ok(customer));
  const session = createTestSession(bridge.baseUrl);
  session.bridge.tokens.write({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: Date.now() + 3_600_000 });
  session.start();
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider controller={session}>
            <DatabaseProvider database={db}>
              <FavoritesProvider>
                <header>
                  <WishlistButton />
                </header>
                <Outlet />
              </FavoritesProvider>
            </DatabaseProvider>
          </SessionProvider>
        ),
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: '/p/:parentSku/:slug', element: <h1>Product page</h1> },
          { path: '/my-account/favorites', element: <h1>Favourites page</h1> },
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
  return { router, user: userEvent.setup() };
}

describe('wishlist overlay', () => {
  it('names the count of favourites and lists the newest first with supplier, price and a link', async () => {
    await addProducts(3);
    const { user, router } = renderHeader();
    const opener = await screen.findByRole('button', { name: 'Favourites, 3 products' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Favourites' });
    const items = await within(dialog).findAllByTestId('wishlist-item');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(['Product 2', 'Product 1', 'Product 0']);
    expect(within(items[0]!).getByText('Λουμίδης ΑΕ')).toBeTruthy();
    expect(within(items[0]!).getByTestId('price-tag')).toBeTruthy();
    await user.click(within(items[0]!).getByRole('link', { name: 'Product 2' }));
    expect(router.state.location.pathname).toBe('/p/P-2/product-2');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('removes a favourite at once: the list and the count follow', async () => {
    await addProducts(2);
    const { user } = renderHeader();
    await user.click(await screen.findByRole('button', { name: 'Favourites, 2 products' }));
    const dialog = screen.getByRole('dialog', { name: 'Favourites' });
    await user.click(await within(dialog).findByRole('button', { name: 'Remove Product 1 from favourites' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('wishlist-item')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Favourites, 1 product', hidden: true })).toBeTruthy();
    expect(await db.favorites.count().exec()).toBe(1);
    expect(document.activeElement).toBe(dialog);
  });

  it(`shows the newest ${WISHLIST_SIZE} and leads to the favourites page`, async () => {
    await addProducts(WISHLIST_SIZE + 2);
    const { user, router } = renderHeader();
    await user.click(await screen.findByRole('button', { name: `Favourites, ${WISHLIST_SIZE + 2} products` }));
    const dialog = screen.getByRole('dialog', { name: 'Favourites' });
    const items = await within(dialog).findAllByTestId('wishlist-item');
    expect(items).toHaveLength(WISHLIST_SIZE);
    expect(within(items[0]!).getByRole('link').textContent).toBe(`Product ${WISHLIST_SIZE + 1}`);
    await user.click(within(dialog).getByRole('link', { name: 'See all favourites' }));
    expect(router.state.location.pathname).toBe('/my-account/favorites');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when there are none, and closes with Escape giving the focus back', async () => {
    const { user } = renderHeader();
    const opener = await screen.findByRole('button', { name: 'Favourites, 0 products' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Favourites' });
    expect(await within(dialog).findByText(/You have no favourites yet/)).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
