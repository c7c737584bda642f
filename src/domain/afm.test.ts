import { describe, expect, it } from 'vitest';
import { afmCheckDigit, checkAfm, isValidAfm, normalizeAfm } from './afm';

describe('AFM (Greek tax number)', () => {
  it.each(['094259216', '090000045', '998144460'])('accepts the valid number %s', (afm) => {
    expect(isValidAfm(afm)).toBe(true);
  });

  it.each(['123456789', '123456781'])('rejects %s for its check digit', (afm) => {
    expect(checkAfm(afm)).toEqual({ ok: false, problem: 'check_digit' });
  });

  it('rejects 000000000 although its check digit adds up, as a wrong check digit', () => {
    expect(afmCheckDigit('00000000')).toBe(0);
    expect(isValidAfm('000000000')).toBe(false);
    expect(checkAfm('000000000')).toEqual({ ok: false, problem: 'check_digit' });
  });

  it('pads an 8-digit legacy number to 9 digits', () => {
    expect(normalizeAfm('94259216')).toBe('094259216');
    expect(checkAfm('94259216')).toEqual({ ok: true, afm: '094259216' });
  });

  it('strips an EL or GR prefix and separators', () => {
    expect(checkAfm('EL094259216')).toEqual({ ok: true, afm: '094259216' });
    expect(checkAfm('gr 094 259 216')).toEqual({ ok: true, afm: '094259216' });
  });

  it('says what is wrong with the shape', () => {
    expect(checkAfm('')).toEqual({ ok: false, problem: 'required' });
    expect(checkAfm('12345')).toEqual({ ok: false, problem: 'format' });
    expect(checkAfm('09425921A')).toEqual({ ok: false, problem: 'format' });
    expect(checkAfm('0942592160')).toEqual({ ok: false, problem: 'format' });
  });
});
