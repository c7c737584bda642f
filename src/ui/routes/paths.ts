import { generatePath } from 'react-router';
import { RESET_PASSWORD_PATH } from '../../contracts/links';

/**
 * Every route of docs/product-rules.md §2 in one table. Each also answers under a store-code prefix (`/de/…`, `/it/…`);
 * the store views exist but are unused, so the prefix changes nothing on the page. The store codes
 * and the reset page live in src/contracts/links.ts, because the bridge writes links to them into mails.
 */
export const paths = {
  // Open layout, no login needed.
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  /** The link in the reset mail carries `?token=…`. */
  resetPassword: RESET_PASSWORD_PATH,

  // Open to everyone (guests and customers).
  /** The link in a confirmation or email-change mail carries `?token=…`; it may open signed in or not. */
  confirmEmail: '/confirm-email',
  /** The link in an invitation mail carries `?token=…`; it may open signed in or not. */
  acceptInvitation: '/accept-invitation',
  error: '/error',
  notFound: '*',

  // Behind login.
  home: '/',
  /** Installed PWAs of the old storefront start here. */
  homeAlias: '/pwa.html',
  checkout: '/checkout',
  privacy: '/privacy',
  contact: '/contact',
  deleteAccount: '/delete-account',
  faqs: '/faqs',
  terms: '/terms',
  myAccount: '/my-account',
  controlPanel: '/my-account/control-panel',
  myProfile: '/my-account/my-profile',
  /** `{product}-admin`, admin only; the page checks the `-admin` suffix (React Router params are whole segments). */
  productAdmin: '/my-account/:adminPage',
  priceAppearance: '/my-account/price-appearance',
  communicationPreferences: '/my-account/communication-preferences',
  shippingDetails: '/my-account/shipping-details',
  creditTerms: '/my-account/credit-terms',
  users: '/my-account/users',
  /** A super user reviews requests to join the selected company; the mailed link adds `?buyer_id=…`. */
  joinRequests: '/my-account/users/requests',
  orders: '/my-account/orders',
  billingDetails: '/my-account/billing-details',
  /** What the offline product pictures take on this device, and clearing them (decision 029). */
  offlineImages: '/my-account/offline-images',
  favorites: '/my-account/favorites',
  favoritesOfSupplier: '/my-account/favorites/s/:supplier',
  supplierProducts: '/c/all/s/:supplier',
  /** childSku is optional; without the URL dispatcher it travels as `?childSku=`. */
  product: '/p/:parentSku/:slug/:childSku?',
  category: '/c/:slug',
  categoryOfSupplier: '/c/:slug/s/:supplier',
  categoryWithSubcategories: '/c/:slug/all',
  categoryWithSubcategoriesOfSupplier: '/c/:slug/all/s/:supplier',
  supplier: '/s/:slug',
  suppliers: '/suppliers',
} as const;

export type PathName = keyof typeof paths;

/** Builders for links, so nobody concatenates URL segments by hand. */
export const to = {
  home: () => paths.home,
  login: () => paths.login,
  checkout: () => paths.checkout,
  myAccount: () => paths.myAccount,
  orders: () => paths.orders,
  favorites: (supplier?: string) => (supplier ? generatePath(paths.favoritesOfSupplier, { supplier }) : paths.favorites),
  suppliers: () => paths.suppliers,
  supplier: (slug: string) => generatePath(paths.supplier, { slug }),
  supplierProducts: (supplier: string) => generatePath(paths.supplierProducts, { supplier }),
  category: (slug: string, options: { supplier?: string; withSubcategories?: boolean } = {}) => {
    const { supplier, withSubcategories = false } = options;
    if (withSubcategories) {
      return supplier
        ? generatePath(paths.categoryWithSubcategoriesOfSupplier, { slug, supplier })
        : generatePath(paths.categoryWithSubcategories, { slug });
    }
    return supplier ? generatePath(paths.categoryOfSupplier, { slug, supplier }) : generatePath(paths.category, { slug });
  },
  product: (parentSku: string, slug: string, childSku?: string) =>
    generatePath(paths.product, { parentSku, slug, childSku: childSku ?? null }),
  productAdmin: (product: string) => generatePath(paths.productAdmin, { adminPage: `${product}-admin` }),
  resetPassword: (token: string) => `${paths.resetPassword}?${new URLSearchParams({ token }).toString()}`,
  joinRequests: () => paths.joinRequests,
} as const;

/** Drops the leading slash: route objects nested under a prefix route take relative paths. */
export function relative(path: string): string {
  return path.replace(/^\//, '');
}
