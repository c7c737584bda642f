import { describe, expect, it } from 'vitest';
import { isValidPostcode, normalizePostcode } from './postcode';

describe('Greek postcode', () => {
  it('accepts 5 digits and the common "XXX XX" spelling, stored as 5 digits', () => {
    expect(isValidPostcode('10431')).toBe(true);
    expect(isValidPostcode('104 31')).toBe(true);
    expect(normalizePostcode(' 546 21 ')).toBe('54621');
  });

  it('rejects other lengths, letters and codes that do not exist in Greece', () => {
    expect(isValidPostcode('1043')).toBe(false);
    expect(isValidPostcode('104311')).toBe(false);
    expect(isValidPostcode('910431')).toBe(false);
    expect(isValidPostcode('104 311')).toBe(false);
    expect(isValidPostcode('1043A')).toBe(false);
    expect(isValidPostcode('01234')).toBe(false);
    expect(isValidPostcode('')).toBe(false);
  });
});
