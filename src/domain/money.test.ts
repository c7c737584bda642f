import { describe, expect, it, vi } from 'vitest';
import { formatMoney, formatWholeEuros, fromCents, toCents, warmMoneyFormatters } from './money';

describe('money', () => {
  it('keeps integer cents and rounds half away from float noise', () => {
    expect(toCents(12.345)).toBe(1235);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(fromCents(1999)).toBe(19.99);
  });

  it('formats the amount first, then €, with 2 decimals', () => {
    expect(formatMoney(123450, 'el-GR')).toBe('1.234,50 €');
    expect(formatMoney(123450, 'en-US')).toBe('1,234.50 €');
    expect(formatMoney(5, 'en-US')).toBe('0.05 €');
    expect(formatMoney(-250, 'el-GR')).toBe('-2,50 €');
  });

  it('formats whole euros with the language grouping, and a warmed locale formats the same', () => {
    expect(formatWholeEuros(100_000, 'el-GR')).toBe('1.000 €');
    expect(formatWholeEuros(100_000, 'en-US')).toBe('1,000 €');
    expect(formatWholeEuros(4_999, 'en-US')).toBe('50 €');
    warmMoneyFormatters('el-GR');
    expect(formatWholeEuros(15_000, 'el-GR')).toBe('150 €');
    expect(formatMoney(15_000, 'el-GR')).toBe('150,00 €');
  });

  it('builds the formatters of a locale once: warming builds both, formatting afterwards builds none', () => {
    const RealNumberFormat = Intl.NumberFormat;
    const built = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      return new RealNumberFormat(...args);
    });
    try {
      warmMoneyFormatters('de-DE');
      expect(built).toHaveBeenCalledTimes(2);
      expect(formatMoney(123_450, 'de-DE')).toBe('1.234,50 €');
      expect(formatWholeEuros(100_000, 'de-DE')).toBe('1.000 €');
      formatMoney(1, 'de-DE');
      expect(built).toHaveBeenCalledTimes(2);
    } finally {
      built.mockRestore();
    }
  });
});
