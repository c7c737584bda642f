/**
 * Seeded pseudo-random numbers so that the demo marketplace is the same on every run and machine.
 * mulberry32: tiny, fast, and good enough for demo data (not for anything secret).
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

/** FNV-1a 32-bit: a stable hash of a string, used to derive seeds and colours. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createRng(seed: number | string): Rng {
  let state = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    sample<T>(items: readonly T[], count: number): T[] {
      // Draw indices rather than shuffling a copy: callers sample 2–4 items out of thousands.
      const wanted = Math.max(0, Math.min(count, items.length));
      const chosen = new Set<number>();
      while (chosen.size < wanted) chosen.add(int(0, items.length - 1));
      return [...chosen].map((i) => items[i] as T);
    },
  };
}

/** EAN-13 check digit of the first 12 digits (weights 1, 3 alternating from the left). */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function ean13(first12: string): string {
  return first12 + String(ean13CheckDigit(first12));
}
