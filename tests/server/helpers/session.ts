import type { Queryable } from '../../../server/db/client';
import { openSession } from '../../../server/services/session';
import { TEST_JWT_SECRET } from './test-app';

export type TestSession = { token: string; refreshToken: string; familyId: string };

/**
 * A real session for a customer that exists in `q`, as login opens it (a refresh-token family row plus an
 * access token naming it): access tokens are refused unless their session is open in the database.
 */
export async function openTestSession(
  q: Queryable,
  customerId: string,
  options: { nowMs?: number; secret?: string; ttlSeconds?: number } = {},
): Promise<TestSession> {
  const session = await openSession(
    q,
    { jwtSecret: options.secret ?? TEST_JWT_SECRET, accessTokenTtlSeconds: options.ttlSeconds ?? 900 },
    customerId,
    options.nowMs ?? Date.now(),
  );
  return { token: session.token, refreshToken: session.meta.refreshToken, familyId: session.familyId };
}
