import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import type { BuyerSummary } from '../../src/contracts/auth';
import { canRegister, type CompanyRegistry } from './company-registry';
import { buyerExists, raceRefusal, RegistrationError } from './registration';

/** The customer is already a user (plain or super) of the company behind the tax number. */
export class AlreadyUserError extends Error {
  readonly code = 'already_user';
  constructor() {
    super('already a user of this buyer');
  }
}

export type CompanyAdded = { outcome: 'created'; buyer: BuyerSummary } | { outcome: 'request_sent'; company: string };

/**
 * A signed-in customer adds a company by its tax number (docs/product-rules.md §6.2):
 * - not a buyer yet: created from the registry with the customer as its super user (only active
 *   companies, like registration; anything else is `RegistrationError('company_not_found')`);
 * - a buyer the customer already belongs to: `AlreadyUserError`;
 * - another buyer: a pending request to join it (one per company; asking again keeps it). Its super users
 *   are mailed by `notifyJoinRequests` once the customer's address is confirmed.
 */
export async function addCompany(db: Db, registry: CompanyRegistry, customerId: string, afm: string, nowMs: number): Promise<CompanyAdded> {
  const [existing] = await db.query<{ id: string; company: string }>('select id, company from buyers where afm = $1', [afm]);
  if (existing) return askToJoin(db, customerId, existing, nowMs);
  const entry = await registry.lookup(afm);
  if (!canRegister(entry)) throw new RegistrationError('company_not_found');
  try {
    return await db.transaction(async (tx) => {
      if (await buyerExists(tx, afm)) throw new RegistrationError('buyer_exists');
      const buyerId = randomUUID();
      await tx.query(
        `insert into buyers (id, afm, company, trade_name, tax_office, legal_form, street, city, postcode, email)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, (select email from customers where id = $10))`,
        [
          buyerId,
          entry.afm,
          entry.legal_name,
          entry.trade_name,
          entry.tax_office,
          entry.legal_form,
          entry.street,
          entry.city,
          entry.postcode,
          customerId,
        ],
      );
      await tx.query('insert into buyer_users (buyer_id, customer_id, is_super_user) values ($1, $2, true)', [buyerId, customerId]);
      return { outcome: 'created' as const, buyer: { id: buyerId, company: entry.legal_name, afm: entry.afm, isSuperUser: true } };
    });
  } catch (error) {
    throw raceRefusal(error);
  }
}

async function askToJoin(db: Db, customerId: string, buyer: { id: string; company: string }, nowMs: number): Promise<CompanyAdded> {
  const member = await db.query('select 1 from buyer_users where buyer_id = $1 and customer_id = $2', [buyer.id, customerId]);
  if (member.length > 0) throw new AlreadyUserError();
  await db.query(
    `insert into join_requests (id, buyer_id, customer_id, created_at) values ($1, $2, $3, $4)
     on conflict (buyer_id, customer_id) where status = 'pending' do nothing`,
    [randomUUID(), buyer.id, customerId, new Date(nowMs)],
  );
  return { outcome: 'request_sent', company: buyer.company };
}
