import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/client';
import { hashToken, newOpaqueToken } from './secure-token';

/** Matches the 30-day logged-in cookie of SPEC §9. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type RefreshProblem = 'unknown' | 'expired' | 'revoked' | 'reused';

export class RefreshTokenError extends Error {
  constructor(readonly code: RefreshProblem) {
    super(`refresh token ${code}`);
  }
}

type Row = {
  family_id: string;
  customer_id: string;
  expires_at: Date | string;
  used_at: Date | string | null;
  revoked_at: Date | string | null;
};

async function insertToken(q: Queryable, customerId: string, familyId: string, nowMs: number): Promise<string> {
  const token = newOpaqueToken();
  await q.query('insert into refresh_tokens (token_hash, family_id, customer_id, issued_at, expires_at) values ($1, $2, $3, $4, $5)', [
    hashToken(token),
    familyId,
    customerId,
    new Date(nowMs),
    new Date(nowMs + REFRESH_TOKEN_TTL_MS),
  ]);
  return token;
}

/** Starts a new family (one per login). */
export function issueRefreshToken(q: Queryable, customerId: string, nowMs: number): Promise<string> {
  return insertToken(q, customerId, randomUUID(), nowMs);
}

export async function revokeFamily(q: Queryable, familyId: string, nowMs: number): Promise<void> {
  await q.query('update refresh_tokens set revoked_at = $2 where family_id = $1 and revoked_at is null', [familyId, new Date(nowMs)]);
}

export async function revokeAllForCustomer(q: Queryable, customerId: string, nowMs: number): Promise<void> {
  await q.query('update refresh_tokens set revoked_at = $2 where customer_id = $1 and revoked_at is null', [customerId, new Date(nowMs)]);
}

/**
 * Exchanges a refresh token for its successor in the same family. A token that was already used means it
 * leaked (or a client misbehaved): the whole family is revoked so neither holder can continue.
 * The "mark used" update is conditional, so two racing refreshes with one token cannot both succeed.
 */
export async function rotateRefreshToken(db: Db, token: string, nowMs: number): Promise<{ customerId: string; refreshToken: string }> {
  const tokenHash = hashToken(token);
  type Outcome = { error: RefreshProblem } | { customerId: string; refreshToken: string };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx.query<Row>(
      'select family_id, customer_id, expires_at, used_at, revoked_at from refresh_tokens where token_hash = $1',
      [tokenHash],
    );
    if (!row) return { error: 'unknown' };
    if (row.revoked_at) return { error: 'revoked' };
    if (new Date(row.expires_at).getTime() <= nowMs) return { error: 'expired' };
    const marked = await tx.query('update refresh_tokens set used_at = $2 where token_hash = $1 and used_at is null returning token_hash', [
      tokenHash,
      new Date(nowMs),
    ]);
    if (marked.length === 0) {
      await revokeFamily(tx, row.family_id, nowMs);
      return { error: 'reused' };
    }
    const next = await insertToken(tx, row.customer_id, row.family_id, nowMs);
    return { customerId: row.customer_id, refreshToken: next };
  });
  // The revocation must commit, so the error is thrown only after the transaction ends.
  if ('error' in outcome) throw new RefreshTokenError(outcome.error);
  return outcome;
}
