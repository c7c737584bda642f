import { createHmac, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/client';
import { hashToken, newOpaqueToken } from './secure-token';

/** Matches the 30-day logged-in cookie of docs/product-rules.md §9. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How long after its first use a refresh token may be presented again and get the same successor instead
 * of revoking its family (decision 005, "Refreshing from several tabs"). Duplicates come from requests in
 * flight at the same time (two tabs without Web Locks, each within one round trip of the other) and from a
 * tab whose refresh answer never arrived (it gives up after 10 s, then the next tab in the lock presents the
 * same token at once): 20 s covers both with room for a slow mobile link, while a thief still has to replay
 * a stolen token within 20 s of its owner's refresh and then shares one successor with them, so the next
 * divergence revokes the family.
 */
export const REFRESH_REUSE_GRACE_MS = 20_000;

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
  admin_id: string | null;
  ends_at: Date | string | null;
};

/**
 * The successor of a refresh token, derived from it with a key only the bridge holds (a sub-key of the JWT
 * secret, kept apart from token signatures by its label): the bridge can hand the same successor to a
 * concurrent duplicate without keeping any token in clear. Without the secret, a token reveals nothing about
 * its successor.
 */
export function successorOf(secret: string, token: string): string {
  const key = createHmac('sha256', secret).update('b2b refresh-token successor v1').digest();
  return createHmac('sha256', key).update(token).digest('base64url');
}

async function insertToken(q: Queryable, customerId: string, familyId: string, nowMs: number, token = newOpaqueToken()): Promise<string> {
  await q.query('insert into refresh_tokens (token_hash, family_id, customer_id, issued_at, expires_at) values ($1, $2, $3, $4, $5)', [
    hashToken(token),
    familyId,
    customerId,
    new Date(nowMs),
    new Date(nowMs + REFRESH_TOKEN_TTL_MS),
  ]);
  return token;
}

/**
 * A login-as session (docs/decisions/025-admin-login-as.md): the administrator acting as the customer, and
 * the moment the session ends whatever its refresh tokens say.
 */
export type LoginAs = { adminId: string; endsAtMs: number };

/** Starts a new family (one per login): the session that access tokens and event tickets name. */
export async function issueRefreshToken(
  q: Queryable,
  customerId: string,
  nowMs: number,
  loginAs: LoginAs | null = null,
): Promise<{ refreshToken: string; familyId: string }> {
  const familyId = randomUUID();
  await q.query('insert into session_families (family_id, customer_id, created_at, admin_id, ends_at) values ($1, $2, $3, $4, $5)', [
    familyId,
    customerId,
    new Date(nowMs),
    loginAs?.adminId ?? null,
    loginAs ? new Date(loginAs.endsAtMs) : null,
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

export type Rotated = {
  customerId: string;
  familyId: string;
  refreshToken: string;
  /** A concurrent duplicate within the grace window, answered with the successor already issued. */
  duplicate: boolean;
  /** A login-as session keeps its administrator and its end on every refresh. */
  loginAs: LoginAs | null;
};

type Outcome = { error: RefreshProblem; familyId?: string } | Rotated;

/**
 * A used token presented again is a concurrent duplicate (not theft) when it was first used at most
 * REFRESH_REUSE_GRACE_MS ago and its successor is still unused, i.e. is still the newest token of the family.
 * Read with fresh statements: on PostgreSQL the row of the caller's first select may predate a rotation it
 * waited for. A successor that cannot be found (issued before derived successors, or under another secret)
 * proves nothing, so the duplicate counts as reuse.
 */
async function isConcurrentDuplicate(tx: Queryable, token: string, successor: string, familyId: string, nowMs: number): Promise<boolean> {
  const [state] = await tx.query<{
    used_at: Date | string | null;
    successor_family: string | null;
    successor_used_at: Date | string | null;
  }>(
    `select t.used_at, s.family_id as successor_family, s.used_at as successor_used_at
     from refresh_tokens t left join refresh_tokens s on s.token_hash = $2
     where t.token_hash = $1`,
    [hashToken(token), hashToken(successor)],
  );
  if (!state?.used_at || state.successor_family !== familyId || state.successor_used_at !== null) return false;
  // Instances share the database but not a clock: a use a little "in the future" is just as recent.
  return Math.abs(nowMs - new Date(state.used_at).getTime()) <= REFRESH_REUSE_GRACE_MS;
}

/**
 * Exchanges a refresh token for its successor in the same family. A token that was already used means it
 * leaked (or a client misbehaved): the whole family is revoked so neither holder can continue, unless it is
 * a concurrent duplicate (see isConcurrentDuplicate), which gets the same successor again.
 * The "mark used" update is conditional, so two racing refreshes with one token cannot both rotate: one
 * issues the successor, the other finds the token used. The family row is locked, so a revocation running
 * at the same time (logout, password change) either happens first and is seen here, or waits and then also
 * covers the token issued here. `secret` keys the successor (successorOf).
 */
export async function rotateRefreshToken(db: Db, token: string, nowMs: number, secret: string): Promise<Rotated> {
  const tokenHash = hashToken(token);
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx.query<Row>(
      `select t.family_id, t.customer_id, t.expires_at, t.used_at, f.revoked_at, f.admin_id, f.ends_at
       from refresh_tokens t join session_families f on f.family_id = t.family_id
       where t.token_hash = $1
       for update of f`,
      [tokenHash],
    );
    if (!row) return { error: 'unknown' };
    if (row.revoked_at) return { error: 'revoked' };
    if (new Date(row.expires_at).getTime() <= nowMs) return { error: 'expired' };
    if (row.ends_at && new Date(row.ends_at).getTime() <= nowMs) return { error: 'expired' };
    const loginAs = row.admin_id && row.ends_at ? { adminId: row.admin_id, endsAtMs: new Date(row.ends_at).getTime() } : null;
    const found = { customerId: row.customer_id, familyId: row.family_id, loginAs };
    const successor = successorOf(secret, token);
    const marked = await tx.query('update refresh_tokens set used_at = $2 where token_hash = $1 and used_at is null returning token_hash', [
      tokenHash,
      new Date(nowMs),
    ]);
    if (marked.length === 0) {
      if (await isConcurrentDuplicate(tx, token, successor, row.family_id, nowMs))
        return { ...found, refreshToken: successor, duplicate: true };
      await revokeFamily(tx, row.family_id, nowMs, 'reuse');
      return { error: 'reused', familyId: row.family_id };
    }
    await insertToken(tx, row.customer_id, row.family_id, nowMs, successor);
    return { ...found, refreshToken: successor, duplicate: false };
  });
  // The revocation must commit, so the error is thrown only after the transaction ends.
  if ('error' in outcome) throw new RefreshTokenError(outcome.error, outcome.familyId ?? null);
  return outcome;
}
