import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Short-lived signed tokens: a JWT-shaped `header.payload.signature` signed with HMAC-SHA256 over
 * node:crypto. Only this bridge issues and checks them, so a JWT library would add nothing.
 * Two kinds share the format and the key, told apart by `typ`, and a check always names the kind it wants:
 * - `access`: the bearer token of every call (Authorization header only);
 * - `events`: a ticket of about a minute for opening the live-events stream, the one URL that carries a
 *   credential (EventSource cannot send headers), so an access token never appears in a URL.
 * Both name the session (`fam`, the refresh-token family) they belong to, so ending it ends them.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export const TOKEN_KINDS = ['access', 'events'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

const payloadSchema = z.object({
  sub: z.string().min(1).max(100),
  fam: z.string().min(1).max(100),
  iat: z.number().int(),
  exp: z.number().int(),
  typ: z.enum(TOKEN_KINDS),
  /** A login-as session (docs/decisions/025-admin-login-as.md): the administrator acting as `sub`. */
  adm: z.string().min(1).max(100).optional(),
});
export type AccessTokenPayload = z.infer<typeof payloadSchema>;

/**
 * Who a token speaks for: the customer and the session (refresh-token family) it was issued in, and in a
 * login-as session the administrator who opened it (docs/decisions/025-admin-login-as.md).
 */
export type TokenSubject = { customerId: string; familyId: string; adminId?: string | null };

export type AccessTokenProblem = 'malformed' | 'bad_signature' | 'expired' | 'wrong_kind';

export class AccessTokenError extends Error {
  constructor(readonly code: AccessTokenProblem) {
    super(`access token ${code}`);
  }
}

function sign(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signToken(secret: string, kind: TokenKind, subject: TokenSubject, ttlSeconds: number, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const payload: AccessTokenPayload = {
    sub: subject.customerId,
    fam: subject.familyId,
    iat,
    exp: iat + ttlSeconds,
    typ: kind,
    ...(subject.adminId ? { adm: subject.adminId } : {}),
  };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${sign(secret, body)}`;
}

export function signAccessToken(secret: string, subject: TokenSubject, ttlSeconds: number, nowMs: number): string {
  return signToken(secret, 'access', subject, ttlSeconds, nowMs);
}

/** Returns the payload of a genuine, unexpired token of `kind`; throws AccessTokenError otherwise. */
export function verifyToken(secret: string, kind: TokenKind, token: string, nowMs: number): AccessTokenPayload {
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
  if (payload.data.typ !== kind) throw new AccessTokenError('wrong_kind');
  if (payload.data.exp * 1000 <= nowMs) throw new AccessTokenError('expired');
  return payload.data;
}

export function verifyAccessToken(secret: string, token: string, nowMs: number): AccessTokenPayload {
  return verifyToken(secret, 'access', token, nowMs);
}
