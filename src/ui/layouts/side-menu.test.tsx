// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { createAppDatabase, type AppDatabase } from '../../db/database';
import { makeCategory } from '../../db/queries/listing-fixtures';
import { fakeAppStorage } from '../../db/testing/fake-storage';
import { DatabaseProvider } from '../shared/database/database-provider';
import { activateLocale } from '../shared/i18n/activate-locale';
import { LocaleProvider } from '../shared/i18n/locale-provider';
import { SideMenuButton } from './side-menu';

let db: AppDatabase;
let run = 0;

beforeAll(async () => {
  await activateLocale('en-US');
});
beforeEach(async () => {
  run += 1;
  db = await createAppDatabase({ name: `side-menu-${run}`, storage: fakeAppStorage(), multiInstance: false });
  await db.categories.bulkInsert([
    makeCategory({ id: '2', parent_id: '', parent_ids: ['1'], level: 1, name: 'Όλα', name_en: 'All products', slug: 'all-products' }),
    makeCategory({ id: '10', parent_id: '2', level: 2, position: 2, name: 'Τρόφιμα', name_en: 'Food', slug: 'food' }),
    makeCategory({ id: '20', parent_id: '2', level: 2, position: 1, name: 'Ποτά', name_en: 'Drinks', slug: 'drinks' }),
    makeCategory({ id: '11', parent_id: '10', level: 3, name: 'Λάδι', name_en: 'Olive oil', slug: 'olive-oil' }),
  ]);
});
afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  await db.close();
});

function renderHeader() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <DatabaseProvider database={db}>
            <header>
              <SideMenuButton />
            </header>
            <Outlet />
          </DatabaseProvider>
        ),
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: '/c/:slug', element: <h1>Category</h1> },
          { path: '/faqs', element: <h1>FAQs</h1> },
        ],
      },
    ],
    { initialEntries: ['/', '/faqs'], initialIndex: 1 },
  );
  render(
    <LocaleProvider>
      <RouterProvider router={router} />
    </LocaleProvider>,
  );
  return { router, user: userEvent.setup() };
}

describe('side menu', () => {
  it('lists the primary navigation, the top categories in position order and the static pages', async () => {
    const { user } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const links = (section: string) =>
      within(within(menu).getByRole('region', { name: section }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(links('Shop')).toEqual(['Suppliers', 'Favourites', 'Orders', 'My account']);
    await within(menu).findByRole('region', { name: 'Categories' });
    expect(links('Categories')).toEqual(['Drinks', 'Food']);
    expect(links('Information')).toEqual(['FAQs', 'Contact', 'Terms of use', 'Privacy policy']);
    expect(within(menu).getByRole('link', { name: 'FAQs' }).getAttribute('aria-current')).toBe('page');
  });

  it('closes on navigation and gives the focus back to the menu button', async () => {
    const { router, user } = renderHeader();
    const opener = screen.getByRole('button', { name: 'Menu' });
    await user.click(opener);
    await user.click(await within(screen.getByRole('dialog', { name: 'Menu' })).findByRole('link', { name: 'Food' }));
    expect(router.state.location.pathname).toBe('/c/food');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with Escape, and when the page changes by other means (Back)', async () => {
    const { router, user } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
