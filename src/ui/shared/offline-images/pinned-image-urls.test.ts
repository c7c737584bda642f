import { describe, expect, it } from 'vitest';
import { pinnedImageUrls } from './pinned-image-urls';

describe('the thumbnails kept for the cart and favourites', () => {
  it('lists each cart picture, then each favourite thumbnail in order, once, skipping what the catalogue lacks', () => {
    const products = new Map([
      ['FAV-1', { sku: 'FAV-1' }],
      ['FAV-2', { sku: 'FAV-2', thumbnail: '/media/product/FAV-2/custom.svg' }],
      ['CART-1', { sku: 'CART-1' }],
    ]);
    expect(
      pinnedImageUrls(['/media/product/CART-1/thumbnail.svg', undefined], ['FAV-2', 'GONE', 'FAV-1', 'CART-1'], (sku) => products.get(sku)),
    ).toEqual(['/media/product/CART-1/thumbnail.svg', '/media/product/FAV-2/custom.svg', '/media/product/FAV-1/thumbnail.svg']);
    expect(pinnedImageUrls([], [], () => undefined)).toEqual([]);
  });
});
