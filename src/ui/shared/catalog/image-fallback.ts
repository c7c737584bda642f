/**
 * A picture that is not on the device (offline, never seen) or fails to load shows this neutral placeholder instead
 * of a broken image. It is a built file, so the service worker precaches it and it loads offline too.
 */
export const PRODUCT_PLACEHOLDER_SRC = '/images/product-placeholder.svg';

/**
 * What an image element shows: its own picture until that picture failed (or there is none), then the placeholder;
 * `hidden` when even the placeholder failed (the app shell was never cached), so nothing broken is ever drawn.
 */
export function shownImage(src: string | undefined, failed: ReadonlySet<string>): { src: string; placeholder: boolean; hidden: boolean } {
  if (src && !failed.has(src)) return { src, placeholder: false, hidden: false };
  return { src: PRODUCT_PLACEHOLDER_SRC, placeholder: true, hidden: failed.has(PRODUCT_PLACEHOLDER_SRC) };
}
