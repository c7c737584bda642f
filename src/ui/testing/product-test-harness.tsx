import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import type { AppDatabase } from '../../db/database';
import type { ProductDoc } from '../../db/schema/products';
import { makeProduct } from '../../db/testing/documents';
import { createTestSession, customerWith, ok, type FakeBridge } from './auth-test-harness';
import { LocaleProvider } from '../shared/i18n/locale-provider';
import { NotificationsProvider } from '../shared/notifications/notifications';
import { SessionProvider } from '../shared/session/session-context';
import { Component as ProductPage } from '../features/product/product-page';
import { DatabaseProvider } from '../shared/database/database-provider';

/** Test support for the product page: a signed-in session, the local database and the product route. */

export const RED = 52;
export const BLUE = 53;
export const SIZE_M = 168;
export const SIZE_L = 169;

export function child(sku: string, color: number, size: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sku,
    id: sku,
    name: `Μπλουζάκι ${sku}`,
    name_en: `T-shirt ${sku}`,
    status: 1,
    price: 1000,
    final_price: 1000,
    qty: 5,
    is_in_stock: true,
    manage_stock: true,
    color,
    size,
    custom_attributes: [],
    ...extra,
  };
}

export function configurable(children: Record<string, unknown>[], extra: Partial<ProductDoc> = {}): ProductDoc {
  return makeProduct({
    sku: 'TSHIRT',
    id: '500',
    type_id: 'configurable',
    name: 'Μπλουζάκι',
    name_en: 'T-shirt',
    slug: 't-shirt',
    url_key: 't-shirt',
    price: 1000,
    final_price: 1000,
    barcode: '',
    configurable_children: children,
    configurable_options: [
      {
        attribute_id: '93',
        attribute_code: 'color',
        label: 'Χρώμα',
        label_en: 'Colour',
        position: 0,
        values: [
          { value_index: RED, label: 'Κόκκινο', label_en: 'Red' },
          { value_index: BLUE, label: 'Μπλε', label_en: 'Blue' },
        ],
      },
      {
        attribute_id: '144',
        attribute_code: 'size',
        label: 'Μέγεθος',
        label_en: 'Size',
        position: 1,
        values: [
          { value_index: SIZE_M, label: 'M' },
          { value_index: SIZE_L, label: 'L' },
        ],
      },
    ],
    ...extra,
  });
}

/** Greek VAT 13 % for product tax class 2 (makeProduct's class), as the seed's tax rule 2. */
export async function insertGreekVat(db: AppDatabase): Promise<void> {
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
}

export function renderProductRoute(bridge: FakeBridge, db: AppDatabase, path: string, options: { withVat?: boolean } = {}) {
  const customer = {
    ...customerWith([{ id: 'b-1', company: 'Alpha AE', afm: '094259216', isSuperUser: true }]),
    show_prices_with_vat: options.withVat ?? false,
  };
  bridge.routes.set('GET /api/bridge/user/me', () => ok(customer));
  const session = createTestSession(bridge.baseUrl);
  session.bridge.tokens.write({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: Date.now() + 3_600_000 });
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider controller={session}>
            <DatabaseProvider database={db}>
              <Outlet />
            </DatabaseProvider>
          </SessionProvider>
        ),
        children: [
          { path: '/p/:parentSku/:slug/:childSku?', Component: ProductPage },
          { path: '/', element: <h1>Home</h1> },
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
