import type { Queryable } from '../db/client';
import type { SessionMeta } from '../../src/contracts/auth';
import { signAccessToken } from './access-token';
import { buyersOf } from './customers';
import { issueRefreshToken, type LoginAs } from './refresh-tokens';

export type TokenSettings = { jwtSecret: string; accessTokenTtlSeconds: number };

export type Session = { token: string; familyId: string; meta: SessionMeta };

/**
 * Seconds an access token of this session may live: the configured lifetime, but never past the hard end
 * of a login-as session (docs/decisions/025-admin-login-as.md).
 */
export function accessTokenTtl(settings: TokenSettings, loginAs: LoginAs | null, nowMs: number): number {
  if (!loginAs) return settings.accessTokenTtlSeconds;
  return Math.max(1, Math.min(settings.accessTokenTtlSeconds, Math.floor((loginAs.endsAtMs - nowMs) / 1000)));
}

/**
 * What login, registration and password creation answer: an access token plus a new refresh family. With
 * `loginAs`, the session of an administrator acting as the customer: its tokens name the administrator too.
 */
export async function openSession(
  q: Queryable,
  settings: TokenSettings,
  customerId: string,
  nowMs: number,
  loginAs: LoginAs | null = null,
): Promise<Session> {
  const { refreshToken, familyId } = await issueRefreshToken(q, customerId, nowMs, loginAs);
  const ttl = accessTokenTtl(settings, loginAs, nowMs);
  const token = signAccessToken(settings.jwtSecret, { customerId, familyId, adminId: loginAs?.adminId ?? null }, ttl, nowMs);
  const buyers = await buyersOf(q, customerId);
  return { token, familyId, meta: { refreshToken, expiresIn: ttl, userData: { buyers } } };
}
