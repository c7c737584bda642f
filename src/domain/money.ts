/** Money is integer cents inside the domain. Formatting: amount then the € sign, 2 decimals. */
export type Cents = number;

export function toCents(amount: number): Cents {
  return Math.round(amount * 100);
}

export function fromCents(cents: Cents): number {
  return cents / 100;
}

// Building an Intl.NumberFormat costs far more than using one (cold, the first ones of a page took ~50 ms
// together in Chromium here); listings format thousands of prices and every listing shows the range labels.
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string, decimals: 0 | 2): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "1.234,50 €" in Greek, "1,234.50 €" in English: the amount first, then the sign (docs/product-rules.md §1). */
export function formatMoney(cents: Cents, locale: string): string {
  return `${formatterFor(locale, 2).format(cents / 100)} €`;
}

/**
 * Builds the formatters of a locale ahead of need (the UI calls it in idle time after the locale loads),
 * so that the first listing a buyer opens does not pay for loading ICU data.
 */
export function warmMoneyFormatters(locale: string): void {
  formatterFor(locale, 2);
  formatterFor(locale, 0);
}

/** Rounded to whole euros, as the price-range labels show them: "1.000 €" in Greek, "1,000 €" in English. */
export function formatWholeEuros(cents: Cents, locale: string): string {
  return `${formatterFor(locale, 0).format(cents / 100)} €`;
}
