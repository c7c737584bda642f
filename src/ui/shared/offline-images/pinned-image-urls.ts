import { thumbnailOf } from '../catalog/product-images';

/**
 * The thumbnails to keep on the device whatever the budget (docs/decisions/029-images-offline.md): each cart line's
 * picture, then each favourite's thumbnail, newest favourite first, each once. A favourite the local catalogue does
 * not hold has no picture to keep.
 */
export function pinnedImageUrls(
  cartImages: readonly (string | undefined)[],
  favoriteSkus: readonly string[],
  productOf: (sku: string) => { sku: string; thumbnail?: string | undefined } | undefined,
): string[] {
  const urls = new Set<string>();
  for (const image of cartImages) if (image) urls.add(image);
  for (const sku of favoriteSkus) {
    const product = productOf(sku);
    if (product) urls.add(thumbnailOf(product));
  }
  return [...urls];
}
