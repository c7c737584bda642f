/** Demo accounts the seed creates (server/seed). The e2e tests never change their password. */
export const DEMO_PASSWORD = 'Demo1234!';

export const DEMO = {
  superUser: 'super@demo.gr',
  user: 'user@demo.gr',
  admin: 'admin@demo.gr',
} as const;

/** A password that satisfies the docs/product-rules.md §5 rule (letter, digit, symbol, 8+). */
export const NEW_PASSWORD = 'Fresh-pass-42';

let counter = 0;

/** An email no earlier run or parallel test can have used: the bridge keeps emails unique. */
export function uniqueEmail(label: string): string {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return `e2e-${label}-${stamp}@example.test`;
}
