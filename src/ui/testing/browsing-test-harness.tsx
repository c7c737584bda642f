import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import type { AppDatabase } from '../../db/database';
import { paths, relative } from '../routes/paths';
import { createTestSession, customerWith, ok, type FakeBridge } from './auth-test-harness';
import { Component as CategoryPage } from '../features/category/category-page';
import { Component as HomePage } from '../features/home/home-page';
import { LocaleProvider } from '../shared/i18n/locale-provider';
import { NotificationsProvider } from '../shared/notifications/notifications';
import { DatabaseProvider } from '../shared/database/database-provider';
import { SessionProvider } from '../shared/session/session-context';
import { Component as SupplierPage } from '../features/suppliers/supplier-page';
import { Component as SuppliersPage } from '../features/suppliers/suppliers-page';

/** Test support for the browsing pages: a signed-in session, the local database and the real route paths and handles. */
export function renderBrowsingRoute(bridge: FakeBridge, db: AppDatabase, path: string) {
  const customer = customerWith([{ id: 'b-1', company: 'Alpha AE', afm: '094259216', isSuperUser: true }]);
  bridge.routes.set('GET /api/bridge/user/me', () => ok(customer));
  const session = createTestSession(bridge.baseUrl);
  session.bridge.tokens.write({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: Date.now() + 3_600_000 });
  const category = (
    page: 'category' | 'categoryOfSupplier' | 'categoryWithSubcategories' | 'categoryWithSubcategoriesOfSupplier' | 'supplierProducts',
  ) => ({
    path: relative(paths[page]),
    Component: CategoryPage,
    handle: { page },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <SessionProvider controller={session}>
            <DatabaseProvider database={db}>
              <Outlet />
            </DatabaseProvider>
          </SessionProvider>
        ),
        children: [
          { index: true, Component: HomePage, handle: { page: 'home' } },
          category('supplierProducts'),
          category('categoryWithSubcategoriesOfSupplier'),
          category('categoryWithSubcategories'),
          category('categoryOfSupplier'),
          category('category'),
          { path: relative(paths.supplier), Component: SupplierPage, handle: { page: 'supplier' } },
          { path: relative(paths.suppliers), Component: SuppliersPage, handle: { page: 'suppliers' } },
          { path: 'p/:parentSku/:slug', element: <h1>Product page</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <LocaleProvider>
      <NotificationsProvider>
        <RouterProvider router={router} />
      </NotificationsProvider>
    </LocaleProvider>,
  );
  return { router, view };
}
