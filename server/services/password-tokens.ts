import type { Queryable } from '../db/client';
import { hashToken, newOpaqueToken } from './secure-token';

export type PasswordTokenPurpose = 'reset' | 'create';

export const PASSWORD_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * One-time token for a password reset or, for invited users, the first password. Returns the token for
 * the mail link; only its hash is stored. Earlier unused tokens of the same purpose are retired so only
 * the newest link works.
 */
export async function issuePasswordToken(
  q: Queryable,
  customerId: string,
  purpose: PasswordTokenPurpose,
  nowMs: number,
  ttlMs: number = PASSWORD_TOKEN_TTL_MS,
): Promise<string> {
  await q.query('update password_tokens set used_at = $3 where customer_id = $1 and purpose = $2 and used_at is null', [
    customerId,
    purpose,
    new Date(nowMs),
  ]);
  const token = newOpaqueToken();
  await q.query('insert into password_tokens (token_hash, customer_id, purpose, expires_at) values ($1, $2, $3, $4)', [
    hashToken(token),
    customerId,
    purpose,
    new Date(nowMs + ttlMs),
  ]);
  return token;
}

/**
 * Marks a valid token used and returns its customer, or undefined when the token is unknown, expired,
 * already used or of another purpose. Conditional update: a token works exactly once even under races.
 */
export async function consumePasswordToken(
  q: Queryable,
  token: string,
  purpose: PasswordTokenPurpose,
  nowMs: number,
  customerId?: string,
): Promise<string | undefined> {
  const rows = await q.query<{ customer_id: string }>(
    `update password_tokens set used_at = $3
      where token_hash = $1 and purpose = $2 and used_at is null and expires_at > $3
        and ($4::text is null or customer_id = $4::text)
      returning customer_id`,
    [hashToken(token), purpose, new Date(nowMs), customerId ?? null],
  );
  return rows[0]?.customer_id;
}
