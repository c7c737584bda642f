import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/client';
import type { CompanyInfo } from '../../src/contracts/auth';
import { canRegister, toCompanyInfo, type CompanyRegistry } from './company-registry';
import { findCustomerByEmail, isUniqueViolation } from './customers';
import { issueConfirmation } from './email-confirmation';
import { hashPassword } from './password-hash';
import { openSession, type Session, type TokenSettings } from './session';

export type RegistrationProblem = 'buyer_exists' | 'user_exists' | 'company_not_found' | 'company_not_member';

export class RegistrationError extends Error {
  constructor(readonly code: RegistrationProblem) {
    super(`registration refused: ${code}`);
  }
}

export async function buyerExists(q: Queryable, afm: string): Promise<boolean> {
  const rows = await q.query('select 1 from buyers where afm = $1', [afm]);
  return rows.length > 0;
}

/** Registration step 1: the company behind a tax number, if it may still register. */
export async function companyForRegistration(db: Db, registry: CompanyRegistry, afm: string): Promise<CompanyInfo> {
  if (await buyerExists(db, afm)) throw new RegistrationError('buyer_exists');
  const entry = await registry.lookup(afm);
  if (!canRegister(entry)) throw new RegistrationError('company_not_found');
  return toCompanyInfo(entry);
}

export type NewAccount = { email: string; firstname: string; lastname: string; afm: string; password: string };

/** A signed-in new account plus the token of the confirmation link to mail to its address. */
export type Registered = { session: Session; confirmToken: string; customer: { email: string; firstname: string } };

/**
 * Inserts a customer whose address is not confirmed yet (email_confirmed_at stays null) and issues the
 * confirmation link, inside the caller's transaction.
 */
export async function insertUnconfirmedCustomer(
  tx: Queryable,
  input: Omit<NewAccount, 'afm' | 'password'>,
  passwordHash: string,
  nowMs: number,
): Promise<{ customerId: string; confirmToken: string }> {
  if (await findCustomerByEmail(tx, input.email)) throw new RegistrationError('user_exists');
  const customerId = randomUUID();
  await tx.query('insert into customers (id, email, firstname, lastname, password_hash) values ($1, $2, $3, $4, $5)', [
    customerId,
    input.email,
    input.firstname,
    input.lastname,
    passwordHash,
  ]);
  const confirmToken = await issueConfirmation(tx, customerId, input.email, nowMs);
  return { customerId, confirmToken };
}

/** A unique index caught a racing twin: the email (customers) or the company (buyers) was taken meanwhile. */
export function raceRefusal(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  return new RegistrationError(String((error as { constraint?: unknown }).constraint).includes('email') ? 'user_exists' : 'buyer_exists');
}

/**
 * Registration step 2: creates the buyer from registry data and its first user as super user, then signs
 * the user in. The address is unconfirmed until the mailed link is opened (no orders before that). Checks
 * run again inside the transaction; unique indexes catch a racing twin.
 */
export async function registerBuyer(
  db: Db,
  registry: CompanyRegistry,
  settings: TokenSettings,
  input: NewAccount,
  nowMs: number,
): Promise<Registered> {
  const company = await companyForRegistration(db, registry, input.afm);
  if (await findCustomerByEmail(db, input.email)) throw new RegistrationError('user_exists');
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      if (await buyerExists(tx, input.afm)) throw new RegistrationError('buyer_exists');
      const { customerId, confirmToken } = await insertUnconfirmedCustomer(tx, input, passwordHash, nowMs);
      const buyerId = randomUUID();
      await tx.query(
        `insert into buyers (id, afm, company, trade_name, tax_office, legal_form, street, city, postcode, email)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          buyerId,
          company.afm,
          company.legal_name,
          company.trade_name,
          company.tax_office,
          company.legal_form,
          company.street,
          company.city,
          company.postcode,
          input.email,
        ],
      );
      await tx.query('insert into buyer_users (buyer_id, customer_id, is_super_user) values ($1, $2, true)', [buyerId, customerId]);
      const session = await openSession(tx, settings, customerId, nowMs);
      return { session, confirmToken, customer: input };
    });
  } catch (error) {
    throw raceRefusal(error);
  }
}
