/** Money is integer cents inside the domain. Formatting: amount then the € sign, 2 decimals. */
export type Cents = number;

export function toCents(amount: number): Cents {
  return Math.round(amount * 100);
}

export function fromCents(cents: Cents): number {
  return cents / 100;
}

// Building an Intl.NumberFormat costs far more than using one; listings format thousands of prices.
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string): Intl.NumberFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** "1.234,50 €" in Greek, "1,234.50 €" in English: the amount first, then the sign (SPEC §1). */
export function formatMoney(cents: Cents, locale: string): string {
  return `${formatterFor(locale).format(cents / 100)} €`;
}
