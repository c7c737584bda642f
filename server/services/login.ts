import type { Db } from '../db/client';
import { hashPassword, needsRehash, verifyPassword } from './password-hash';
import { findCustomerByEmail } from './customers';
import { openSession, type Session, type TokenSettings } from './session';
import { WorkGateFull } from './work-gate';

export class LoginError extends Error {
  readonly code = 'WRONG_CREDENTIALS';
}

/** Hash of a random password, compared when the account does not exist so both paths take as long. */
let decoyHash: Promise<string> | undefined;

function decoy(): Promise<string> {
  if (!decoyHash) {
    const made = hashPassword(`decoy-${Math.random()}`);
    // A decoy that could not be made (the hashing gate was full) must not stay cached as a rejection.
    made.catch(() => {
      if (decoyHash === made) decoyHash = undefined;
    });
    decoyHash = made;
  }
  return decoyHash;
}

/**
 * Rewrites a hash made with an older cost, now that the password is known. Only if the row still holds the
 * hash that was verified (a password change in between wins). Skipped when hashing is saturated: the next
 * login tries again.
 */
async function upgradeHash(db: Db, customerId: string, verifiedHash: string, password: string): Promise<void> {
  let fresh: string;
  try {
    fresh = await hashPassword(password);
  } catch (error) {
    if (error instanceof WorkGateFull) return;
    throw error;
  }
  await db.query('update customers set password_hash = $3 where id = $1 and password_hash = $2', [customerId, verifiedHash, fresh]);
}

export async function login(db: Db, settings: TokenSettings, username: string, password: string, nowMs: number): Promise<Session> {
  const customer = await findCustomerByEmail(db, username);
  const stored = customer?.password_hash ?? (await decoy());
  const valid = await verifyPassword(password, stored);
  if (!customer || !customer.password_hash || !valid) throw new LoginError('wrong credentials');
  if (needsRehash(customer.password_hash)) await upgradeHash(db, customer.id, customer.password_hash, password);
  return openSession(db, settings, customer.id, nowMs);
}
