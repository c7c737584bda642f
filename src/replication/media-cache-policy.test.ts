import { describe, expect, it } from 'vitest';
import { isCacheableImageResponse, isOwnMediaUrl, isQuotaError, PINNED_MEDIA_MAX_ENTRIES, pinnableUrls } from './media-cache-policy';

const ORIGIN = 'https://shop.example.gr';
const svg = (status = 200, type = 'image/svg+xml; charset=utf-8') =>
  new Response(status === 204 ? null : '<svg/>', { status, headers: { 'content-type': type } });

describe('offline pictures: what is kept', () => {
  it('takes only pictures under /media/ of our own origin, without a query', () => {
    expect(isOwnMediaUrl(new URL(`${ORIGIN}/media/product/ABC-000001/thumbnail.svg`), ORIGIN)).toBe(true);
    expect(isOwnMediaUrl(new URL('https://cdn.example.com/media/product/ABC-000001/thumbnail.svg'), ORIGIN)).toBe(false);
    expect(isOwnMediaUrl(new URL(`${ORIGIN}/api/bridge/products`), ORIGIN)).toBe(false);
    expect(isOwnMediaUrl(new URL(`${ORIGIN}/media/product/A/thumbnail.svg?v=2`), ORIGIN)).toBe(false);
  });

  it('keeps a complete image answer, never an opaque one, an error or a page answered in place of the picture', () => {
    expect(isCacheableImageResponse(svg())).toBe(true);
    expect(isCacheableImageResponse(svg(404))).toBe(false);
    expect(isCacheableImageResponse(svg(204))).toBe(false);
    expect(isCacheableImageResponse(svg(200, 'text/html'))).toBe(false);
    expect(isCacheableImageResponse({ status: 0, type: 'opaque', headers: new Headers() })).toBe(false);
    expect(isCacheableImageResponse({ status: 200, type: 'opaque', headers: new Headers({ 'content-type': 'image/png' }) })).toBe(false);
  });

  it('pins our own pictures once each, in the order given, and never more than the cart and favourites can hold', () => {
    const own = (n: number) => `/media/product/SKU-${n}/thumbnail.svg`;
    expect(pinnableUrls([own(1), 'https://evil.example/x.svg', own(2), `${ORIGIN}${own(1)}`, 42, '/api/x'], ORIGIN)).toEqual([
      `${ORIGIN}${own(1)}`,
      `${ORIGIN}${own(2)}`,
    ]);
    expect(pinnableUrls('not a list', ORIGIN)).toEqual([]);
    const many = Array.from({ length: PINNED_MEDIA_MAX_ENTRIES + 10 }, (_, i) => own(i));
    const kept = pinnableUrls(many, ORIGIN);
    expect(kept).toHaveLength(PINNED_MEDIA_MAX_ENTRIES);
    expect(kept.at(-1)).toBe(`${ORIGIN}${own(PINNED_MEDIA_MAX_ENTRIES - 1)}`);
  });

  it('recognises a full storage also when a library wrapped the browser error', () => {
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(isQuotaError(quota)).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: quota })).toBe(true);
    expect(isQuotaError(new Error('write failed', { cause: quota }))).toBe(true);
    expect(isQuotaError({ code: 'RX1', parameters: { error: quota } })).toBe(true);
    expect(isQuotaError(new DOMException('gone', 'NotFoundError'))).toBe(false);
    expect(isQuotaError(new Error('quota'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});
