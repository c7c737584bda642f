import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/client';
import { hashToken, newOpaqueToken } from './secure-token';

/** Matches the 30-day logged-in cookie of SPEC §9. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type RefreshProblem = 'unknown' | 'expired' | 'revoked' | 'reused';

/** Why a session (refresh-token family) ended; stored with the revocation. */
export type EndReason = 'logout' | 'reuse' | 'password';

export class RefreshTokenError extends Error {
  constructor(
    readonly code: RefreshProblem,
    /** The family this refusal revoked ('reused' only), so the caller can end its streams at once. */
    readonly revokedFamilyId: string | null = null,
  ) {
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

/** Starts a new family (one per login): the session that access tokens and event tickets name. */
export async function issueRefreshToken(
  q: Queryable,
  customerId: string,
  nowMs: number,
): Promise<{ refreshToken: string; familyId: string }> {
  const familyId = randomUUID();
  await q.query('insert into session_families (family_id, customer_id, created_at) values ($1, $2, $3)', [
    familyId,
    customerId,
    new Date(nowMs),
  ]);
  return { refreshToken: await insertToken(q, customerId, familyId, nowMs), familyId };
}

/** Ends one session. Returns whether it was still open (false: already ended or unknown). */
export async function revokeFamily(q: Queryable, familyId: string, nowMs: number, reason: EndReason): Promise<boolean> {
  const rows = await q.query(
    'update session_families set revoked_at = $2, revoked_reason = $3 where family_id = $1 and revoked_at is null returning family_id',
    [familyId, new Date(nowMs), reason],
  );
  return rows.length > 0;
}

/** Ends every open session of a customer (password change or reset); returns the families it ended. */
export async function revokeAllForCustomer(q: Queryable, customerId: string, nowMs: number, reason: EndReason): Promise<string[]> {
  const rows = await q.query<{ family_id: string }>(
    'update session_families set revoked_at = $2, revoked_reason = $3 where customer_id = $1 and revoked_at is null returning family_id',
    [customerId, new Date(nowMs), reason],
  );
  return rows.map((r) => r.family_id);
}

/**
 * Logout: ends the session the refresh token belongs to, whether that token is the newest of its family,
 * an older (used) one or expired, since holding any of them proves the session was this client's.
 * Returns the family id, or null for a token the bridge never issued. Repeating it changes nothing.
 */
export async function revokeFamilyOfToken(q: Queryable, token: string, nowMs: number): Promise<string | null> {
  const [row] = await q.query<{ family_id: string }>('select family_id from refresh_tokens where token_hash = $1', [hashToken(token)]);
  if (!row) return null;
  await revokeFamily(q, row.family_id, nowMs, 'logout');
  return row.family_id;
}

/**
 * Exchanges a refresh token for its successor in the same family. A token that was already used means it
 * leaked (or a client misbehaved): the whole family is revoked so neither holder can continue.
 * The "mark used" update is conditional, so two racing refreshes with one token cannot both succeed; the
 * family row is locked, so a revocation running at the same time (logout, password change) either happens
 * first and is seen here, or waits and then also covers the token issued here.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  nowMs: number,
): Promise<{ customerId: string; familyId: string; refreshToken: string }> {
  const tokenHash = hashToken(token);
  type Outcome = { error: RefreshProblem; familyId?: string } | { customerId: string; familyId: string; refreshToken: string };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx.query<Row>(
      `select t.family_id, t.customer_id, t.expires_at, t.used_at, f.revoked_at
       from refresh_tokens t join session_families f on f.family_id = t.family_id
       where t.token_hash = $1
       for update of f`,
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
      await revokeFamily(tx, row.family_id, nowMs, 'reuse');
      return { error: 'reused', familyId: row.family_id };
    }
    const next = await insertToken(tx, row.customer_id, row.family_id, nowMs);
    return { customerId: row.customer_id, familyId: row.family_id, refreshToken: next };
  });
  // The revocation must commit, so the error is thrown only after the transaction ends.
  if ('error' in outcome) throw new RefreshTokenError(outcome.error, outcome.familyId ?? null);
  return outcome;
}
