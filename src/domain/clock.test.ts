import { describe, expect, it } from 'vitest';
import { systemClock } from './clock';

describe('systemClock', () => {
  it('tells the current time in epoch milliseconds', () => {
    const before = Date.now();
    const now = systemClock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
