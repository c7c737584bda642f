import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { msg } from '@lingui/core/macro';
import { RequireAuth } from './features/auth/require-auth';
import { AppLayout } from './layouts/app-layout';
import { OpenLayout } from './layouts/open-layout';
import { SessionLayout } from './layouts/session-layout';
import { ErrorContent } from './routes/pages/error-page';
import { RouteError } from './routes/pages/route-error';
import { STORE_CODES } from '../contracts/links';
import { paths, relative } from './routes/paths';
import type { PathName } from './routes/paths';
import type { PageHandle } from './routes/route-handle';

type Lazy = NonNullable<RouteObject['lazy']>;

function handleOf(name: PathName, heading?: PageHandle['heading']): PageHandle {
  return heading ? { page: name, heading } : { page: name };
}

/** A leaf route loaded on demand; `handle.page` names it for tests, titles and the placeholder heading. */
function page(name: PathName, lazy: Lazy, heading?: PageHandle['heading']): RouteObject {
  const path = paths[name];
  const handle = handleOf(name, heading);
  return path === '/' ? { index: true, lazy, handle } : { path: relative(path), lazy, handle };
}

/** The error boundary needs it anyway, so it comes with the main bundle. */
function eagerPage(name: 'error', Component: ComponentType): RouteObject {
  return { path: relative(paths[name]), Component, handle: handleOf(name) };
}

/** Login, registration and password reset: the open layout, no session needed. */
function openRoutes(): RouteObject[] {
  return [
    page('login', () => import('./features/auth/login-page')),
    page('register', () => import('./features/auth/register-page')),
    page('forgotPassword', () => import('./features/auth/forgot-password-page')),
    page('resetPassword', () => import('./features/auth/reset-password-page')),
  ];
}

/** Everything of docs/product-rules.md §2 behind login. Pages of later issues show only their heading. */
function protectedRoutes(): RouteObject[] {
  return [
    page('home', () => import('./features/home/home-page'), msg`Home`),
    page('homeAlias', () => import('./features/home/home-page'), msg`Home`),
    page('checkout', () => import('./features/checkout/checkout-page'), msg`Checkout`),
    page('privacy', () => import('./features/static-pages/privacy-page'), msg`Privacy policy`),
    page('contact', () => import('./features/static-pages/contact-page'), msg`Contact`),
    page('deleteAccount', () => import('./features/static-pages/delete-account-page'), msg`Delete account`),
    page('faqs', () => import('./features/static-pages/faqs-page'), msg`Frequently asked questions`),
    page('terms', () => import('./features/static-pages/terms-page'), msg`Terms of use`),
    page('myAccount', () => import('./features/account/control-panel-page'), msg`My account`),
    page('controlPanel', () => import('./features/account/control-panel-page'), msg`Control panel`),
    page('myProfile', () => import('./features/account/my-profile-page'), msg`My profile`),
    page('productAdmin', () => import('./routes/pages/product-admin-page'), msg`Administration`),
    page('priceAppearance', () => import('./features/account/price-appearance-page'), msg`Price appearance`),
    page('communicationPreferences', () => import('./features/account/communication-preferences-page'), msg`Communication preferences`),
    page('shippingDetails', () => import('./features/account/shipping-details-page'), msg`Shipping details`),
    page('creditTerms', () => import('./features/account/credit-terms-page'), msg`Credit terms`),
    page('users', () => import('./features/company-users/users-page'), msg`Users`),
    page('joinRequests', () => import('./features/company-users/join-requests-page'), msg`Requests to join`),
    page('orders', () => import('./features/orders/orders-page'), msg`Orders`),
    page('billingDetails', () => import('./features/account/billing-details-page'), msg`Billing details`),
    page('offlineImages', () => import('./features/account/offline-images-page'), msg`Offline images`),
    page('favorites', () => import('./features/favorites/favorites-page'), msg`Favourites`),
    page('favoritesOfSupplier', () => import('./features/favorites/favorites-page'), msg`Favourites`),
    page('supplierProducts', () => import('./features/category/category-page'), msg`Supplier products`),
    page('product', () => import('./features/product/product-page'), msg`Product`),
    page('category', () => import('./features/category/category-page'), msg`Category`),
    page('categoryOfSupplier', () => import('./features/category/category-page'), msg`Category`),
    page('categoryWithSubcategories', () => import('./features/category/category-page'), msg`Category`),
    page('categoryWithSubcategoriesOfSupplier', () => import('./features/category/category-page'), msg`Category`),
    page('supplier', () => import('./features/suppliers/supplier-page'), msg`Supplier`),
    page('suppliers', () => import('./features/suppliers/suppliers-page'), msg`Suppliers`),
  ];
}

/** Open to guests and customers alike, in whichever layout fits the session. */
function publicRoutes(): RouteObject[] {
  // The catch-all is the URL dispatcher (docs/product-rules.md §2): unknown paths may still be products, categories or CMS pages.
  return [
    eagerPage('error', ErrorContent),
    page('confirmEmail', () => import('./features/account-status/confirm-email-page')),
    page('acceptInvitation', () => import('./features/company-users/accept-invitation-page')),
    page('notFound', () => import('./features/url-dispatcher/url-dispatcher-page')),
  ];
}

/** Errors thrown while rendering a page stay inside the layout, so the header and navigation remain usable. */
function withinLayout(children: RouteObject[]): RouteObject[] {
  return [{ errorElement: <RouteError />, children }];
}

function siteRoutes(): RouteObject[] {
  return [
    { element: <OpenLayout />, children: withinLayout(openRoutes()) },
    {
      element: <RequireAuth />,
      children: [{ element: <AppLayout />, children: withinLayout(protectedRoutes()) }],
    },
    { element: <SessionLayout />, children: withinLayout(publicRoutes()) },
  ];
}

/** The whole tree: the site at `/` and again under each store code (fresh objects: ids must be unique). */
export function buildRoutes(): RouteObject[] {
  return [
    {
      // Last resort when a layout itself fails: no header, but still a main landmark and a way home.
      errorElement: (
        <main>
          <RouteError />
        </main>
      ),
      children: [
        { path: '/', children: siteRoutes() },
        ...STORE_CODES.map((code): RouteObject => ({ path: `/${code}`, children: siteRoutes() })),
      ],
    },
  ];
}
