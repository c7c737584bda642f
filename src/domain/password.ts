/** docs/product-rules.md §5: at least 8 characters with at least 1 letter, 1 number and 1 symbol; at most 300. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 300;

export type PasswordProblem = 'required' | 'too_short' | 'too_long' | 'needs_letter' | 'needs_number' | 'needs_symbol';

export function passwordProblems(password: string): PasswordProblem[] {
  if (password.length === 0) return ['required'];
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN) problems.push('too_short');
  if (password.length > PASSWORD_MAX) problems.push('too_long');
  if (!/\p{L}/u.test(password)) problems.push('needs_letter');
  if (!/\p{N}/u.test(password)) problems.push('needs_number');
  if (!/[^\p{L}\p{N}\s]/u.test(password)) problems.push('needs_symbol');
  return problems;
}

export function isStrongPassword(password: string): boolean {
  return passwordProblems(password).length === 0;
}
