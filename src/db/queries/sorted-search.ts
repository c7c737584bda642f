/** Binary searches over an array sorted ascending by `<` (code-unit order for strings). */

/** Up to this many new entries are put into a sorted array one by one (a splice each); more are sorted in together. */
export const SORT_IN_ONE_BY_ONE = 64;

/** The first index whose value is not below `value` (where `value` would be inserted before equal ones). */
export function lowerBound<T extends string | number>(sorted: readonly T[], value: T): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as T) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first index whose value is above `value` (where `value` would be inserted after equal ones). */
export function upperBound<T extends string | number>(sorted: readonly T[], value: T): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as T) <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}
