/** docs/product-rules.md §9 image sizes; the bridge serves them and the service worker caches /media/ for offline use. */
export const GALLERY_SIZE = { width: 600, height: 744 } as const;
export const THUMBNAIL_SIZE = { width: 310, height: 300 } as const;

export function galleryImageOf(product: { sku: string; image?: string | undefined }): string {
  return product.image || `/media/product/${encodeURIComponent(product.sku)}/gallery.svg`;
}

export function thumbnailOf(product: { sku: string; thumbnail?: string | undefined }): string {
  return product.thumbnail || `/media/product/${encodeURIComponent(product.sku)}/thumbnail.svg`;
}
