import type { Db } from '../db/client';
import { emailChangeMail, emailChangeNoticeMail, emailTakenMail } from './account-mails';
import { findCustomerByEmail, findCustomerById, type CustomerRow } from './customers';
import { issueEmailToken } from './email-tokens';
import type { Mailer } from './mailer';
import { verifyPassword } from './password-hash';

export type ProfileProblem = 'current_password_required' | 'current_password_wrong' | 'unknown_customer';

export class ProfileError extends Error {
  constructor(readonly code: ProfileProblem) {
    super(`profile update refused: ${code}`);
  }
}

export type ProfileChanges = { firstname: string; lastname: string; email: string };

export type ProfileUpdate = {
  customer: CustomerRow;
  /** True whenever a new address was asked for, whether or not another account has it. */
  emailChangeRequested: boolean;
  /** The mails, not awaited by the route: SMTP timing must not tell which mail was sent. */
  delivery: Promise<void>;
};

/**
 * Names change at once. A new address needs the current password and changes only when the link mailed
 * to it is opened. When another account already has the address, that mailbox is told instead and the
 * answer stays the same, so this call cannot be used to learn which addresses have accounts.
 */
export async function updateProfile(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  customerId: string,
  changes: ProfileChanges,
  currentPassword: string | undefined,
  nowMs: number,
): Promise<ProfileUpdate> {
  const before = await findCustomerById(db, customerId);
  if (!before) throw new ProfileError('unknown_customer');
  const emailChangeRequested = changes.email.toLowerCase() !== before.email.toLowerCase();
  if (emailChangeRequested) {
    // Checked before anything changes: a refused request leaves the names as they were too.
    if (currentPassword === undefined) throw new ProfileError('current_password_required');
    if (!(await verifyPassword(currentPassword, before.password_hash))) throw new ProfileError('current_password_wrong');
  }
  await db.query('update customers set firstname = $2, lastname = $3, updated_at = $4 where id = $1', [
    customerId,
    changes.firstname,
    changes.lastname,
    new Date(nowMs),
  ]);
  const customer = (await findCustomerById(db, customerId)) ?? before;
  if (!emailChangeRequested) return { customer, emailChangeRequested, delivery: Promise.resolve() };
  const mails = [emailChangeNoticeMail(customer, changes.email)];
  const owner = await findCustomerByEmail(db, changes.email);
  if (owner) {
    mails.push(emailTakenMail(publicUrl, changes.email));
  } else {
    const token = await issueEmailToken(db, customerId, 'change_email', changes.email, nowMs);
    mails.push(emailChangeMail(publicUrl, customer.firstname, changes.email, token));
  }
  const delivery = Promise.all(mails.map((mail) => mailer.send(mail))).then(() => undefined);
  return { customer, emailChangeRequested, delivery };
}
