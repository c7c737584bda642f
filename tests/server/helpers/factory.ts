import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../server/db/client';
import { hashPassword } from '../../../server/services/password-hash';
import { afmCheckDigit } from '../../../src/domain/afm';

/** Small factories for server tests: rows inserted directly, passwords hashed like the app does. */

export const TEST_PASSWORD = 'Demo1234!';

let defaultHash: Promise<string> | undefined;
function hashFor(password: string): Promise<string> {
  if (password !== TEST_PASSWORD) return hashPassword(password);
  defaultHash ??= hashPassword(TEST_PASSWORD);
  return defaultHash;
}

let afmCounter = 0;
/** A fresh valid tax number (check digit correct) that no other test in this process uses. */
export function uniqueAfm(): string {
  afmCounter += 1;
  const first8 = String(10_000_000 + (((Date.now() % 1_000_000) * 37 + afmCounter * 7919) % 89_999_999)).padStart(8, '0');
  return `${first8}${afmCheckDigit(first8)}`;
}

let emailCounter = 0;
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}.${emailCounter}.${randomUUID().slice(0, 8)}@example.gr`;
}

export type TestCustomer = { id: string; email: string; password: string };

export async function createCustomer(
  q: Queryable,
  opts: {
    email?: string;
    password?: string | null;
    firstname?: string;
    lastname?: string;
    isAdmin?: boolean;
    /** Default true, like every account that existed before email confirmation. */
    emailConfirmed?: boolean;
  } = {},
): Promise<TestCustomer> {
  const id = randomUUID();
  const email = opts.email ?? uniqueEmail();
  const password = opts.password === undefined ? TEST_PASSWORD : opts.password;
  await q.query(
    `insert into customers (id, email, firstname, lastname, password_hash, is_admin, email_confirmed_at)
     values ($1, $2, $3, $4, $5, $6, case when $7::boolean then now() end)`,
    [
      id,
      email,
      opts.firstname ?? 'Maria',
      opts.lastname ?? 'Papadopoulou',
      password === null ? null : await hashFor(password),
      opts.isAdmin ?? false,
      opts.emailConfirmed ?? true,
    ],
  );
  return { id, email, password: password ?? '' };
}

export type TestBuyer = { id: string; afm: string; company: string };

export async function createBuyer(q: Queryable, opts: { afm?: string; company?: string } = {}): Promise<TestBuyer> {
  const id = randomUUID();
  const afm = opts.afm ?? uniqueAfm();
  const company = opts.company ?? `Test Company ${afm}`;
  await q.query('insert into buyers (id, afm, company) values ($1, $2, $3)', [id, afm, company]);
  return { id, afm, company };
}

export async function addMember(q: Queryable, buyerId: string, customerId: string, superUser = false): Promise<void> {
  await q.query('insert into buyer_users (buyer_id, customer_id, is_super_user) values ($1, $2, $3)', [buyerId, customerId, superUser]);
}

export async function createRegistryCompany(
  q: Queryable,
  opts: { afm?: string; legalName?: string; isCompany?: boolean; active?: boolean } = {},
): Promise<{ afm: string; legalName: string }> {
  const afm = opts.afm ?? uniqueAfm();
  const legalName = opts.legalName ?? `ΕΤΑΙΡΕΙΑ ΔΟΚΙΜΗΣ ${afm} Α.Ε.`;
  await q.query(
    `insert into company_registry (afm, legal_name, trade_name, tax_office, legal_form, street, city, postcode, activity, is_company, active)
     values ($1, $2, $3, $4, 'ΑΕ', 'Πανεπιστημίου 10', 'Αθήνα', '10671', 'Χονδρικό εμπόριο τροφίμων', $5, $6)`,
    [afm, legalName, 'Δοκιμή', "Α' ΑΘΗΝΩΝ", opts.isCompany ?? true, opts.active ?? true],
  );
  return { afm, legalName };
}
