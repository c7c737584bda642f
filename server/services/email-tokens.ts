import type { Queryable } from '../db/client';
import { hashToken, newOpaqueToken } from './secure-token';

/**
 * Mail links that prove control of an address: `confirm_email` (the account's own address, after
 * registration) and `change_email` (a new address the customer asked for). Same table and pattern as the
 * password tokens: only the SHA-256 is stored, one use, an expiry, a newer link retires older ones.
 */
export type EmailTokenPurpose = 'confirm_email' | 'change_email';

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  // Long enough for a registration started on Friday to be confirmed on Monday.
  confirm_email: 72 * 60 * 60 * 1000,
  // Short: until it is used, the account's next address is up for grabs by whoever reads that mailbox.
  change_email: 24 * 60 * 60 * 1000,
};

export async function issueEmailToken(
  q: Queryable,
  customerId: string,
  purpose: EmailTokenPurpose,
  email: string,
  nowMs: number,
): Promise<string> {
  await retireEmailTokens(q, customerId, [purpose], nowMs);
  const token = newOpaqueToken();
  await q.query('insert into password_tokens (token_hash, customer_id, purpose, email, expires_at) values ($1, $2, $3, $4, $5)', [
    hashToken(token),
    customerId,
    purpose,
    email,
    new Date(nowMs + EMAIL_TOKEN_TTL_MS[purpose]),
  ]);
  return token;
}

/** Marks every unused token of these purposes used (all purposes when the list is empty). */
export async function retireEmailTokens(q: Queryable, customerId: string, purposes: string[], nowMs: number): Promise<void> {
  await q.query(
    `update password_tokens set used_at = $2
      where customer_id = $1 and used_at is null and (cardinality($3::text[]) = 0 or purpose = any($3::text[]))`,
    [customerId, new Date(nowMs), purposes],
  );
}

export type ConsumedEmailToken = { customerId: string; purpose: EmailTokenPurpose; email: string };

/**
 * Marks a valid email token used and returns what it proves, or undefined when it is unknown, expired,
 * used, or a password token. A conditional update, so a token works exactly once even under races.
 */
export async function consumeEmailToken(q: Queryable, token: string, nowMs: number): Promise<ConsumedEmailToken | undefined> {
  const rows = await q.query<{ customer_id: string; purpose: EmailTokenPurpose; email: string }>(
    `update password_tokens set used_at = $2
      where token_hash = $1 and purpose in ('confirm_email', 'change_email') and used_at is null and expires_at > $2
      returning customer_id, purpose, email`,
    [hashToken(token), new Date(nowMs)],
  );
  const row = rows[0];
  return row ? { customerId: row.customer_id, purpose: row.purpose, email: row.email } : undefined;
}
