import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('picks the unit (kB at least) and keeps one decimal under ten', () => {
    expect(formatBytes(0, 'en-US')).toBe('0 kB');
    expect(formatBytes(640, 'en-US')).toBe('0.6 kB');
    expect(formatBytes(1_536, 'en-US')).toBe('1.5 kB');
    expect(formatBytes(24_600, 'en-US')).toBe('25 kB');
    expect(formatBytes(3_250_000, 'en-US')).toBe('3.3 MB');
    expect(formatBytes(2_000_000_000, 'en-US')).toBe('2 GB');
    expect(formatBytes(-5, 'en-US')).toBe('0 kB');
  });
  it('writes numbers the Greek way in Greek', () => {
    expect(formatBytes(1_536, 'el-GR')).toBe('1,5 kB');
  });
});
