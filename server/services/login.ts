import type { Db } from '../db/client';
import { hashPassword, verifyPassword } from './password-hash';
import { findCustomerByEmail } from './customers';
import { openSession, type Session, type TokenSettings } from './session';

export class LoginError extends Error {
  readonly code = 'WRONG_CREDENTIALS';
}

/** Hash of a random password, compared when the account does not exist so both paths take as long. */
let decoyHash: Promise<string> | undefined;

export async function login(db: Db, settings: TokenSettings, username: string, password: string, nowMs: number): Promise<Session> {
  const customer = await findCustomerByEmail(db, username);
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  const stored = customer?.password_hash ?? (await decoyHash);
  const valid = await verifyPassword(password, stored);
  if (!customer || !customer.password_hash || !valid) throw new LoginError('wrong credentials');
  return openSession(db, settings, customer.id, nowMs);
}
