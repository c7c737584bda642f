/**
 * Greek phone numbers: 10 digits, landlines start with 2, mobiles with 69; an optional +30 / 0030
 * country code. Spaces, dots, dashes and parentheses are accepted as separators.
 */
export function normalizePhone(input: string): string {
  let digits = input.replace(/[\s.\-()]/g, '');
  if (digits.startsWith('+30')) digits = digits.slice(3);
  else if (digits.startsWith('0030')) digits = digits.slice(4);
  return digits;
}

export type PhoneProblem = 'required' | 'too_short' | 'too_long' | 'format';

export function checkPhone(input: string): { ok: true; phone: string } | { ok: false; problem: PhoneProblem } {
  if (input.trim().length === 0) return { ok: false, problem: 'required' };
  if (input.length > 100) return { ok: false, problem: 'too_long' };
  const digits = normalizePhone(input);
  if (!/^\d+$/.test(digits)) return { ok: false, problem: 'format' };
  if (digits.length < 10) return { ok: false, problem: 'too_short' };
  if (digits.length > 10 || !/^(2\d|69)/.test(digits)) return { ok: false, problem: 'format' };
  return { ok: true, phone: digits };
}
