import { describe, expect, it } from 'vitest';
import { PRODUCT_PLACEHOLDER_SRC, shownImage } from './image-fallback';

describe('a product picture that cannot load', () => {
  const own = '/media/product/ABC-000001/thumbnail.svg';
  it('shows its own picture until it fails, then the placeholder', () => {
    expect(shownImage(own, new Set())).toEqual({ src: own, placeholder: false, hidden: false });
    expect(shownImage(own, new Set([own]))).toEqual({ src: PRODUCT_PLACEHOLDER_SRC, placeholder: true, hidden: false });
  });
  it('shows the placeholder when there is no picture, and hides the element only when even the placeholder failed', () => {
    expect(shownImage(undefined, new Set())).toEqual({ src: PRODUCT_PLACEHOLDER_SRC, placeholder: true, hidden: false });
    expect(shownImage(own, new Set([own, PRODUCT_PLACEHOLDER_SRC])).hidden).toBe(true);
  });
});
