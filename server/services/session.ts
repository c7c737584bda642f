import type { Queryable } from '../db/client';
import type { SessionMeta } from '../../src/contracts/auth';
import { signAccessToken } from './access-token';
import { buyersOf } from './customers';
import { issueRefreshToken } from './refresh-tokens';

export type TokenSettings = { jwtSecret: string; accessTokenTtlSeconds: number };

export type Session = { token: string; familyId: string; meta: SessionMeta };

/** What login, registration and password creation answer: an access token plus a new refresh family. */
export async function openSession(q: Queryable, settings: TokenSettings, customerId: string, nowMs: number): Promise<Session> {
  const { refreshToken, familyId } = await issueRefreshToken(q, customerId, nowMs);
  const token = signAccessToken(settings.jwtSecret, { customerId, familyId }, settings.accessTokenTtlSeconds, nowMs);
  const buyers = await buyersOf(q, customerId);
  return { token, familyId, meta: { refreshToken, expiresIn: settings.accessTokenTtlSeconds, userData: { buyers } } };
}
