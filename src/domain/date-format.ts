/** docs/product-rules.md §1 date format HH:mm D/M/YYYY, in the Athens time zone where the marketplace lives. */
export const MARKETPLACE_TIME_ZONE = 'Europe/Athens';

export function formatDateTime(date: Date, timeZone: string = MARKETPLACE_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  // Stryker disable next-line OptionalChaining,StringLiteral: formatToParts always gives these five parts for these options
  const get = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('hour')}:${get('minute')} ${Number(get('day'))}/${Number(get('month'))}/${get('year')}`;
}
