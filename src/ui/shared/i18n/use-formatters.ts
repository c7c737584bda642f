import { useCallback } from 'react';
import { formatMoney } from '../../../domain/money';
import type { Cents } from '../../../domain/money';
import { formatDateTime } from '../../../domain/date-format';
import { useLocale } from './locale-provider';

/** Prices "amount then €" with the grouping of the UI language (docs/product-rules.md §1). */
export function useFormatMoney(): (cents: Cents) => string {
  const { locale } = useLocale();
  return useCallback((cents: Cents) => formatMoney(cents, locale), [locale]);
}

/** Dates as HH:mm D/M/YYYY in both languages (docs/product-rules.md §1). */
export function useFormatDateTime(): (date: Date) => string {
  return useCallback((date: Date) => formatDateTime(date), []);
}
