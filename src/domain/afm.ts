/**
 * Greek tax number (ΑΦΜ) rules. A valid number has 9 digits whose last digit is the check digit:
 * the first 8 digits weighted 256, 128, …, 2, summed, taken mod 11 and then mod 10.
 */

export type AfmProblem = 'required' | 'format' | 'check_digit';

export type AfmResult = { ok: true; afm: string } | { ok: false; problem: AfmProblem };

/** Strips spaces, dots, dashes and an EL/GR country prefix; pads an 8-digit legacy number to 9. */
export function normalizeAfm(input: string): string {
  let value = input.toUpperCase().replace(/[\s.-]/g, '');
  if (value.startsWith('EL') || value.startsWith('GR')) value = value.slice(2);
  if (/^\d{8}$/.test(value)) value = `0${value}`;
  return value;
}

export function afmCheckDigit(first8: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i += 1) {
    sum += Number(first8[i]) * 2 ** (8 - i);
  }
  return (sum % 11) % 10;
}

export function checkAfm(input: string): AfmResult {
  const afm = normalizeAfm(input);
  if (afm.length === 0) return { ok: false, problem: 'required' };
  if (!/^\d{9}$/.test(afm)) return { ok: false, problem: 'format' };
  if (afm === '000000000') return { ok: false, problem: 'check_digit' };
  // Stryker disable next-line MethodExpression: afmCheckDigit reads only the first 8 digits, so passing all 9 is the same
  if (afmCheckDigit(afm.slice(0, 8)) !== Number(afm[8])) return { ok: false, problem: 'check_digit' };
  return { ok: true, afm };
}

export function isValidAfm(input: string): boolean {
  return checkAfm(input).ok;
}
