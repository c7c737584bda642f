import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-format';

describe('date format HH:mm D/M/YYYY', () => {
  it('uses Athens time without leading zeros on day and month', () => {
    // 2026-03-05 07:04 UTC is 09:04 in Athens (winter time, UTC+2)
    expect(formatDateTime(new Date('2026-03-05T07:04:00Z'))).toBe('09:04 5/3/2026');
    // summer time, UTC+3, crossing midnight
    expect(formatDateTime(new Date('2026-07-31T22:30:00Z'))).toBe('01:30 1/8/2026');
  });

  it('honours another time zone when asked', () => {
    expect(formatDateTime(new Date('2026-12-24T23:59:00Z'), 'UTC')).toBe('23:59 24/12/2026');
  });
});
