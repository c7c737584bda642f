// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';
import type { RouteMatch } from 'react-router';
import { RequireAuth } from './features/auth/require-auth';
import { buildRoutes } from './route-table';
import { isPageHandle } from './routes/route-handle';
import type { PathName } from './routes/paths';

const routes = buildRoutes();

/** The page a URL opens, and whether the visitor must be logged in for it. */
function resolve(url: string): { page: PathName | undefined; protectedByLogin: boolean; params: Record<string, string | undefined> } {
  const matches: RouteMatch[] = matchRoutes(routes, url) ?? [];
  const leaf = matches.at(-1);
  const handle = leaf?.route.handle;
  return {
    page: isPageHandle(handle) ? handle.page : undefined,
    protectedByLogin: matches.some((m) => isValidElement(m.route.element) && m.route.element.type === RequireAuth),
    params: leaf?.params ?? {},
  };
}

// Every route of docs/product-rules.md §2 with an example URL.
const protectedPages: [string, PathName][] = [
  ['/', 'home'],
  ['/pwa.html', 'homeAlias'],
  ['/checkout', 'checkout'],
  ['/privacy', 'privacy'],
  ['/contact', 'contact'],
  ['/delete-account', 'deleteAccount'],
  ['/faqs', 'faqs'],
  ['/terms', 'terms'],
  ['/my-account', 'myAccount'],
  ['/my-account/control-panel', 'controlPanel'],
  ['/my-account/my-profile', 'myProfile'],
  ['/my-account/olive-oil-admin', 'productAdmin'],
  ['/my-account/price-appearance', 'priceAppearance'],
  ['/my-account/communication-preferences', 'communicationPreferences'],
  ['/my-account/shipping-details', 'shippingDetails'],
  ['/my-account/credit-terms', 'creditTerms'],
  ['/my-account/users', 'users'],
  ['/my-account/users/requests?buyer_id=buyer-0001', 'joinRequests'],
  ['/my-account/orders', 'orders'],
  ['/my-account/billing-details', 'billingDetails'],
  ['/my-account/favorites', 'favorites'],
  ['/my-account/favorites/s/kritiko-elaiolado', 'favoritesOfSupplier'],
  ['/c/all/s/kritiko-elaiolado', 'supplierProducts'],
  ['/p/OIL-100/extra-virgin-olive-oil', 'product'],
  ['/p/OIL-100/extra-virgin-olive-oil/OIL-100-5L', 'product'],
  ['/c/oils', 'category'],
  ['/c/oils/s/kritiko-elaiolado', 'categoryOfSupplier'],
  ['/c/oils/all', 'categoryWithSubcategories'],
  ['/c/oils/all/s/kritiko-elaiolado', 'categoryWithSubcategoriesOfSupplier'],
  ['/s/kritiko-elaiolado', 'supplier'],
  ['/suppliers', 'suppliers'],
];

const openPages: [string, PathName][] = [
  ['/login', 'login'],
  ['/register', 'register'],
  ['/forgot-password', 'forgotPassword'],
  ['/reset-password?token=abc', 'resetPassword'],
  ['/confirm-email?token=abc', 'confirmEmail'],
  ['/error', 'error'],
  ['/no/such/page', 'notFound'],
  ['/p', 'notFound'],
];

const prefixes = ['', '/de', '/it'];

describe('route table', () => {
  describe.each(prefixes)('under prefix "%s"', (prefix) => {
    it.each(protectedPages)('%s opens %s behind login', (url, page) => {
      const target = prefix + (url === '/' && prefix ? '' : url);
      expect(resolve(target)).toMatchObject({ page, protectedByLogin: true });
    });

    it.each(openPages)('%s opens %s without login', (url, page) => {
      expect(resolve(prefix + url)).toMatchObject({ page, protectedByLogin: false });
    });
  });

  it('reads the product, category and supplier from the URL', () => {
    expect(resolve('/p/OIL-100/extra-virgin-olive-oil/OIL-100-5L').params).toMatchObject({
      parentSku: 'OIL-100',
      slug: 'extra-virgin-olive-oil',
      childSku: 'OIL-100-5L',
    });
    expect(resolve('/de/c/oils/all/s/kritiko').params).toMatchObject({ slug: 'oils', supplier: 'kritiko' });
    expect(resolve('/c/all/s/kritiko').params).toMatchObject({ supplier: 'kritiko' });
  });

  it('treats an unknown store code as an unknown page', () => {
    expect(resolve('/fr/checkout')).toMatchObject({ page: 'notFound', protectedByLogin: false });
  });

  it('gives every page behind login a heading', () => {
    for (const [url] of protectedPages) {
      const handle = matchRoutes(routes, url)?.at(-1)?.route.handle;
      expect(isPageHandle(handle) && handle.heading !== undefined, url).toBe(true);
    }
  });
});
