import type { Db, Queryable } from '../db/client';
import { confirmationMail } from './account-mails';
import { findCustomerByEmail, isUniqueViolation } from './customers';
import { consumeEmailToken, issueEmailToken, retireEmailTokens } from './email-tokens';
import type { Mailer } from './mailer';

export type EmailProblem = 'token_invalid' | 'email_taken';

export class EmailConfirmationError extends Error {
  constructor(readonly code: EmailProblem) {
    super(`email confirmation refused: ${code}`);
  }
}

export type Delivery = { delivery: Promise<void> };

/** Issues the confirmation link for the customer's current address (inside the caller's transaction). */
export function issueConfirmation(q: Queryable, customerId: string, email: string, nowMs: number): Promise<string> {
  return issueEmailToken(q, customerId, 'confirm_email', email, nowMs);
}

/**
 * A new confirmation link, for an account that still needs one. The lookup, the new token and the mail
 * all happen after the answer, so neither the answer nor its timing tells whether the address has an
 * account (measured before: 3 ms for an unknown address, 9 ms for an unconfirmed one).
 */
export function resendConfirmation(db: Db, mailer: Mailer, publicUrl: string, email: string, nowMs: number): Delivery {
  const delivery = (async () => {
    const customer = await findCustomerByEmail(db, email);
    if (!customer || customer.email_confirmed_at !== null) return;
    const token = await issueConfirmation(db, customer.id, customer.email, nowMs);
    await mailer.send(confirmationMail(publicUrl, customer, token));
  })();
  return { delivery };
}

export type ConfirmOutcome = { customerId: string; outcome: 'confirmed' | 'changed' };

/**
 * Uses a confirmation or email-change link. A confirmation counts only while the account still has the
 * address it was mailed to. A change fails with `email_taken` when another account took the address after
 * the link was sent (the unique index decides a race); the token then stays unused and nothing changes.
 */
export async function confirmEmail(db: Db, token: string, nowMs: number): Promise<ConfirmOutcome> {
  const now = new Date(nowMs);
  try {
    return await db.transaction(async (tx) => {
      const consumed = await consumeEmailToken(tx, token, nowMs);
      if (!consumed) throw new EmailConfirmationError('token_invalid');
      const { customerId, email } = consumed;
      if (consumed.purpose === 'confirm_email') {
        const rows = await tx.query(
          `update customers set email_confirmed_at = coalesce(email_confirmed_at, $3)
            where id = $1 and lower(email) = lower($2) returning id`,
          [customerId, email, now],
        );
        if (rows.length === 0) throw new EmailConfirmationError('token_invalid');
        return { customerId, outcome: 'confirmed' };
      }
      const owner = await findCustomerByEmail(tx, email);
      if (owner && owner.id !== customerId) throw new EmailConfirmationError('email_taken');
      await tx.query('update customers set email = $2, email_confirmed_at = $3, updated_at = $3 where id = $1', [customerId, email, now]);
      // Links mailed to the old address (a reset, an older confirmation) must not outlive it.
      await retireEmailTokens(tx, customerId, [], nowMs);
      return { customerId, outcome: 'changed' };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailConfirmationError('email_taken');
    throw error;
  }
}

/** Opening a reset or invitation link proves the mailbox too. */
export async function markEmailConfirmed(q: Queryable, customerId: string, nowMs: number): Promise<void> {
  await q.query('update customers set email_confirmed_at = coalesce(email_confirmed_at, $2) where id = $1', [customerId, new Date(nowMs)]);
}
