import { createHash, randomBytes } from 'node:crypto';

/** Opaque one-time tokens (refresh, password reset): only their SHA-256 is stored, so a database leak reveals none. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
