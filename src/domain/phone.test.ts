import { describe, expect, it } from 'vitest';
import { checkPhone, normalizePhone } from './phone';

describe('Greek phone', () => {
  it('accepts landlines starting with 2 and mobiles starting with 69', () => {
    expect(checkPhone('2101234567')).toEqual({ ok: true, phone: '2101234567' });
    expect(checkPhone('6971234567')).toEqual({ ok: true, phone: '6971234567' });
  });

  it('strips the +30 or 0030 country code and separators', () => {
    expect(normalizePhone('+30 210 123 4567')).toBe('2101234567');
    expect(checkPhone('0030-697-123-4567')).toEqual({ ok: true, phone: '6971234567' });
    expect(checkPhone('(210) 123.45.67')).toEqual({ ok: true, phone: '2101234567' });
  });

  it('accepts up to 100 characters as typed, separators included', () => {
    const typed = `210 123 4567${' '.repeat(88)}`;
    expect(typed).toHaveLength(100);
    expect(checkPhone(typed)).toEqual({ ok: true, phone: '2101234567' });
    expect(checkPhone(`${typed} `)).toEqual({ ok: false, problem: 'too_long' });
  });

  it('says what is wrong', () => {
    expect(checkPhone('')).toEqual({ ok: false, problem: 'required' });
    expect(checkPhone('   ')).toEqual({ ok: false, problem: 'required' });
    expect(checkPhone('210123')).toEqual({ ok: false, problem: 'too_short' });
    expect(checkPhone('21012345678')).toEqual({ ok: false, problem: 'format' });
    expect(checkPhone('3101234567')).toEqual({ ok: false, problem: 'format' });
    expect(checkPhone('6812345678')).toEqual({ ok: false, problem: 'format' });
    expect(checkPhone('210abc4567')).toEqual({ ok: false, problem: 'format' });
    expect(checkPhone('2'.repeat(101))).toEqual({ ok: false, problem: 'too_long' });
  });
});
