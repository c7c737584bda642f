/**
 * The wait before retry number `failures` (1 for the first failure in a row): `first`, doubled per further
 * failure, at most `max`. Used by the catalogue pull and by the live-events stream's reconnects.
 */
export function retryDelay(failures: number, first: number, max: number): number {
  return Math.min(max, first * 2 ** Math.max(0, Math.min(failures - 1, 30)));
}
