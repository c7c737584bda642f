/**
 * Storefront addresses the bridge writes into mails. The storefront's route table uses the same constants,
 * so a link in a mail always opens a page that exists.
 */

/** Store-code prefixes every storefront route also answers under (`/de/…`, `/it/…`). */
export const STORE_CODES = ['de', 'it'] as const;
export type StoreCode = (typeof STORE_CODES)[number];

/** The page a password-reset mail links to; the link carries `?token=…`. */
export const RESET_PASSWORD_PATH = '/reset-password';

/** Every path a reset link may point at: the reset page, also under each store-code prefix. */
export const RESET_PASSWORD_PATHS: readonly string[] = [
  RESET_PASSWORD_PATH,
  ...STORE_CODES.map((code) => `/${code}${RESET_PASSWORD_PATH}`),
];
