/** Money is integer cents inside the domain. Formatting: amount then the € sign, 2 decimals. */
export type Cents = number;

export function toCents(amount: number): Cents {
  return Math.round(amount * 100);
}

export function fromCents(cents: Cents): number {
  return cents / 100;
}

/** "1.234,50 €" in Greek, "1,234.50 €" in English: the amount first, then the sign (SPEC §1). */
export function formatMoney(cents: Cents, locale: string): string {
  const amount = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: true,
  }).format(cents / 100);
  return `${amount} €`;
}
