import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Short-lived access tokens: a JWT-shaped `header.payload.signature` signed with HMAC-SHA256 over
 * node:crypto. Only this bridge issues and checks them, so a JWT library would add nothing.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const payloadSchema = z.object({
  sub: z.string().min(1),
  iat: z.number().int(),
  exp: z.number().int(),
  typ: z.literal('access'),
});
export type AccessTokenPayload = z.infer<typeof payloadSchema>;

export type AccessTokenProblem = 'malformed' | 'bad_signature' | 'expired';

export class AccessTokenError extends Error {
  constructor(readonly code: AccessTokenProblem) {
    super(`access token ${code}`);
  }
}

function sign(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signAccessToken(secret: string, customerId: string, ttlSeconds: number, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const payload: AccessTokenPayload = { sub: customerId, iat, exp: iat + ttlSeconds, typ: 'access' };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${sign(secret, body)}`;
}

/** Returns the payload of a genuine, unexpired token; throws AccessTokenError otherwise. */
export function verifyAccessToken(secret: string, token: string, nowMs: number): AccessTokenPayload {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER || !parts[1] || !parts[2]) throw new AccessTokenError('malformed');
  const expected = Buffer.from(sign(secret, `${parts[0]}.${parts[1]}`));
  const actual = Buffer.from(parts[2]);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new AccessTokenError('bad_signature');
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    throw new AccessTokenError('malformed');
  }
  const payload = payloadSchema.safeParse(json);
  if (!payload.success) throw new AccessTokenError('malformed');
  if (payload.data.exp * 1000 <= nowMs) throw new AccessTokenError('expired');
  return payload.data;
}
