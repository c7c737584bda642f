import { RESET_PASSWORD_PATHS } from '../../src/contracts/links';
import type { Db } from '../db/client';
import { findCustomerByEmail, findCustomerById } from './customers';
import { markEmailConfirmed } from './email-confirmation';
import { hashPassword, verifyPassword } from './password-hash';
import { consumePasswordToken, issuePasswordToken } from './password-tokens';
import { revokeAllForCustomer } from './refresh-tokens';
import type { Mailer } from './mailer';
import { pickAllowedPath, publicLink } from './public-links';

export type PasswordProblem = 'token_invalid' | 'old_password_wrong' | 'unknown_customer';

export class PasswordError extends Error {
  constructor(readonly code: PasswordProblem) {
    super(`password change refused: ${code}`);
  }
}

/**
 * The link in the mail: our public origin and the reset page. A client-sent `url` can at most choose the
 * reset page under a store-code prefix; it never contributes a host or any text of its own.
 */
export function resetLink(publicUrl: string, requestedUrl: string | undefined, token: string): string {
  return publicLink(publicUrl, pickAllowedPath(publicUrl, requestedUrl, RESET_PASSWORD_PATHS), { token });
}

/**
 * Always completes the same way, so the answer never tells whether the account exists. The mail is handed
 * back as a separate promise: the route does not wait for it, so SMTP latency cannot reveal it either.
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  email: string,
  url: string | undefined,
  nowMs: number,
): Promise<{ delivery: Promise<void> }> {
  const customer = await findCustomerByEmail(db, email);
  if (!customer) return { delivery: Promise.resolve() };
  const token = await issuePasswordToken(db, customer.id, 'reset', nowMs);
  const link = resetLink(publicUrl, url, token);
  const delivery = mailer.send({
    to: customer.email,
    subject: 'Reset your password',
    text: `Hello ${customer.firstname},\n\nTo choose a new password, open this link within one hour:\n${link}\n\nIf you did not ask for this, ignore this mail.\n`,
    links: { reset: link },
  });
  return { delivery };
}

/** What a password change did to sessions: every session of the customer open before it has ended. */
export type PasswordSet = { customerId: string; endedFamilies: string[] };

async function setPassword(db: Db, customerId: string, password: string, nowMs: number): Promise<PasswordSet> {
  const hash = await hashPassword(password);
  await db.query('update customers set password_hash = $2, updated_at = $3 where id = $1', [customerId, hash, new Date(nowMs)]);
  // Whoever held a session before the change (possibly the attacker) must log in again, this device included.
  const endedFamilies = await revokeAllForCustomer(db, customerId, nowMs, 'password');
  return { customerId, endedFamilies };
}

export async function resetPassword(db: Db, token: string, password: string, nowMs: number): Promise<PasswordSet> {
  const customerId = await consumePasswordToken(db, token, 'reset', nowMs);
  if (!customerId) throw new PasswordError('token_invalid');
  const set = await setPassword(db, customerId, password, nowMs);
  // The link reached the account's address (links to an earlier address are retired when it changes).
  await markEmailConfirmed(db, customerId, nowMs);
  return set;
}

/** Invited users choose their first password with the token from the invitation mail. */
export async function createPassword(db: Db, email: string, token: string, password: string, nowMs: number): Promise<PasswordSet> {
  const customer = await findCustomerByEmail(db, email);
  if (!customer) throw new PasswordError('token_invalid');
  const customerId = await consumePasswordToken(db, token, 'create', nowMs, customer.id);
  if (!customerId) throw new PasswordError('token_invalid');
  const set = await setPassword(db, customerId, password, nowMs);
  await markEmailConfirmed(db, customerId, nowMs);
  return set;
}

export async function changePassword(
  db: Db,
  customerId: string,
  oldPassword: string,
  newPassword: string,
  nowMs: number,
): Promise<PasswordSet> {
  const customer = await findCustomerById(db, customerId);
  if (!customer) throw new PasswordError('unknown_customer');
  if (!(await verifyPassword(oldPassword, customer.password_hash))) throw new PasswordError('old_password_wrong');
  return setPassword(db, customerId, newPassword, nowMs);
}
