/**
 * Statistics of the benchmarks. Every function throws on an empty sample: a benchmark that measured nothing
 * must fail, not report p95 0 ms and "met" (docs/decisions/028-honest-benchmarks.md).
 */

export class EmptySampleError extends Error {
  constructor(what: string) {
    super(`empty sample: ${what} (nothing was measured)`);
    this.name = 'EmptySampleError';
  }
}

function checked(values: readonly number[], what: string): number[] {
  if (values.length === 0) throw new EmptySampleError(what);
  const bad = values.find((v) => !Number.isFinite(v));
  if (bad !== undefined) throw new Error(`${what}: not a finite number (${bad})`);
  return [...values].sort((a, b) => a - b);
}

/** Nearest-rank percentile (p in 0–100]: the smallest value with at least p % of the sample at or below it. */
export function percentile(values: readonly number[], p: number, what = 'sample'): number {
  if (!(p > 0 && p <= 100)) throw new Error(`percentile ${p} is not in (0, 100]`);
  const sorted = checked(values, what);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export function median(values: readonly number[], what = 'sample'): number {
  const sorted = checked(values, what);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export interface Distribution {
  count: number;
  min: number;
  p50: number;
  p95: number;
  max: number;
}

/** count, min, p50, p95, max of a sample (rounded to `digits`); throws when it is empty. */
export function distribution(values: readonly number[], what = 'sample', digits = 1): Distribution {
  const sorted = checked(values, what);
  return {
    count: sorted.length,
    min: round(sorted[0] as number, digits),
    p50: round(percentile(sorted, 50, what), digits),
    p95: round(percentile(sorted, 95, what), digits),
    max: round(sorted.at(-1) as number, digits),
  };
}

export const round = (n: number, digits = 0): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** BENCH_PRODUCTS=20000,100000 → [20000, 100000]; unset → the fallback. Throws on anything but positive integers. */
export function productCounts(raw: string | undefined, fallback: number[]): number[] {
  if (raw === undefined || raw.trim() === '') return fallback;
  const counts = raw.split(',').map((s) => Number(s.trim().replaceAll('_', '')));
  if (counts.length === 0 || counts.some((n) => !Number.isInteger(n) || n <= 0)) {
    throw new Error(`BENCH_PRODUCTS must be positive integers separated by commas, not "${raw}"`);
  }
  return counts;
}
