/**
 * A storage size for people: kilobytes or megabytes (gigabytes for the browser's quota), one decimal under 10, in the
 * UI language's number format (1000-based, as browsers and phones report storage). Under a kilobyte it still says kB.
 */
export function formatBytes(bytes: number, locale: string): string {
  const units = [
    ['kilobyte', 1e3],
    ['megabyte', 1e6],
    ['gigabyte', 1e9],
  ] as const;
  const value = Math.max(0, bytes);
  let chosen: (typeof units)[number] = units[0];
  for (const unit of units) if (value >= unit[1]) chosen = unit;
  const amount = value / chosen[1];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: chosen[0],
    unitDisplay: 'short',
    maximumFractionDigits: amount < 10 ? 1 : 0,
  }).format(amount);
}
