import { describe, expect, it } from 'vitest';
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
});
