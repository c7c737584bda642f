import { describe, expect, it } from 'vitest';
import { detectLocale } from './locales';

describe('detectLocale', () => {
  it('gives Greek browsers the Greek UI', () => {
    expect(detectLocale(['el'], null)).toBe('el-GR');
    expect(detectLocale(['el-GR', 'en-US'], null)).toBe('el-GR');
    expect(detectLocale(['EL-cy'], null)).toBe('el-GR');
  });

  it('gives every other browser English, the default', () => {
    expect(detectLocale(['en-GB', 'el'], null)).toBe('en-US');
    expect(detectLocale(['de-DE'], null)).toBe('en-US');
    expect(detectLocale(['ell'], null)).toBe('en-US');
    expect(detectLocale([], null)).toBe('en-US');
  });

  it('prefers the language the person chose in the header', () => {
    expect(detectLocale(['el-GR'], 'en-US')).toBe('en-US');
    expect(detectLocale(['en-US'], 'el-GR')).toBe('el-GR');
  });

  it('ignores a remembered value that is not a supported locale', () => {
    expect(detectLocale(['el-GR'], 'fr-FR')).toBe('el-GR');
    expect(detectLocale(['en-US'], '')).toBe('en-US');
  });
});
