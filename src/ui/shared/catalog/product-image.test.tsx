// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PRODUCT_PLACEHOLDER_SRC } from './image-fallback';
import { ProductImage } from './product-image';

afterEach(cleanup);

describe('ProductImage', () => {
  it('puts the placeholder in place of a picture that fails to load, keeping its alternative text and size', () => {
    render(<ProductImage src="/media/product/ABC-000001/gallery.svg" alt="Ελαιόλαδο 1 l" width={600} height={744} />);
    const image = screen.getByRole('img', { name: 'Ελαιόλαδο 1 l' });
    expect(image.getAttribute('src')).toBe('/media/product/ABC-000001/gallery.svg');
    expect(image.dataset.placeholder).toBeUndefined();
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(PRODUCT_PLACEHOLDER_SRC);
    expect(image.dataset.placeholder).toBe('true');
    expect(image.getAttribute('alt')).toBe('Ελαιόλαδο 1 l');
    expect(image.getAttribute('width')).toBe('600');
    expect(image.style.visibility).toBe('');
    fireEvent.error(image);
    expect(image.style.visibility).toBe('hidden');
  });
});
