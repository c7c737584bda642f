import { describe, expect, it } from 'vitest';
import { pickAllowedPath, publicLink, PublicLinkError } from './public-links';

const ORIGIN = 'https://shop.example.gr';
const ALLOWED = ['/reset-password', '/el/reset-password'] as const;

describe('publicLink', () => {
  it('joins the public origin, a storefront path and the parameters', () => {
    expect(publicLink(ORIGIN, '/reset-password', { token: 'a b&c', lang: 'el' })).toBe(
      'https://shop.example.gr/reset-password?token=a+b%26c&lang=el',
    );
    expect(publicLink(ORIGIN, '/', {})).toBe('https://shop.example.gr/');
  });

  it.each(['//evil.example/x', 'reset', '/Reset', '/a?b', '/a#b', '/a/../b', '/a\\b', '', '/a b'])('refuses the path %j', (path) => {
    expect(() => publicLink(ORIGIN, path, {})).toThrow(new PublicLinkError(`not a storefront path: ${path}`));
  });

  it('refuses with a coded error, and only a path that starts with two slashes', () => {
    let error: unknown;
    try {
      publicLink(ORIGIN, 'evil.example/reset', {});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PublicLinkError);
    expect((error as PublicLinkError).code).toBe('PUBLIC_LINK_INVALID');
    expect((error as PublicLinkError).message).toBe('not a storefront path: evil.example/reset');
    expect(publicLink(ORIGIN, '/a//', {})).toBe('https://shop.example.gr/a//');
  });

  it('refuses a path that leaves the origin once parsed', () => {
    expect(() => publicLink(ORIGIN, '/x', {})).not.toThrow();
    // An origin with a trailing path would move the link; publicLink says so instead of mailing it.
    expect(() => publicLink(`${ORIGIN}/base`, '/x', {})).toThrow(/left the public origin/);
    // An origin spelled differently from how URL writes it (a default port) is not ours to reinterpret.
    expect(() => publicLink(`${ORIGIN}:443`, '/x', {})).toThrow('link left the public origin: https://shop.example.gr/x');
  });
});

describe('pickAllowedPath', () => {
  it('answers the allowed path the client named, as a path or as a URL on our origin', () => {
    expect(pickAllowedPath(ORIGIN, '/el/reset-password', ALLOWED)).toBe('/el/reset-password');
    expect(pickAllowedPath(ORIGIN, `${ORIGIN}/el/reset-password?x=1`, ALLOWED)).toBe('/el/reset-password');
  });

  it.each([
    undefined,
    '',
    '//evil.example/el/reset-password',
    'https://evil.example/el/reset-password',
    'https://shop.example.gr.evil.example/el/reset-password',
    'https://user@evil.example/el/reset-password',
    '/el/other',
    'http://[',
    'javascript:alert(1)',
  ])('answers the first allowed path for %j', (requested) => {
    expect(pickAllowedPath(ORIGIN, requested, ALLOWED)).toBe('/reset-password');
  });

  it('needs at least one allowed path', () => {
    expect(() => pickAllowedPath(ORIGIN, '/x', [])).toThrow(new PublicLinkError('no allowed path'));
  });
});
