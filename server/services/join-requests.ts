import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/client';
import type { JoinRequest, JoinRequestDecision } from '../../src/contracts/auth';
import { joinDecisionMail, joinRequestMail } from './account-mails';
import { findCustomerByEmail } from './customers';
import type { Mailer } from './mailer';
import { hashPassword } from './password-hash';
import { insertUnconfirmedCustomer, raceRefusal, RegistrationError, type NewAccount, type Registered } from './registration';
import { openSession, type TokenSettings } from './session';

export class JoinRequestError extends Error {
  readonly code = 'join_request_not_found';
  constructor() {
    super('join request not found or already decided');
  }
}

export type JoinRequested = Registered & { company: string };

/**
 * The company behind the tax number is already a buyer: the newcomer creates an account (unconfirmed
 * address, member of no buyer) and a pending request to join it. The company's super users hear of it
 * only once the address is confirmed (notifyJoinRequests), so nobody can flood them from made-up addresses.
 */
export async function requestToJoin(db: Db, settings: TokenSettings, input: NewAccount, nowMs: number): Promise<JoinRequested> {
  const [buyer] = await db.query<{ id: string; company: string }>('select id, company from buyers where afm = $1', [input.afm]);
  if (!buyer) throw new RegistrationError('company_not_member');
  if (await findCustomerByEmail(db, input.email)) throw new RegistrationError('user_exists');
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const { customerId, confirmToken } = await insertUnconfirmedCustomer(tx, input, passwordHash, nowMs);
      await tx.query('insert into join_requests (id, buyer_id, customer_id, created_at) values ($1, $2, $3, $4)', [
        randomUUID(),
        buyer.id,
        customerId,
        new Date(nowMs),
      ]);
      const session = await openSession(tx, settings, customerId, nowMs);
      return { session, confirmToken, customer: input, company: buyer.company };
    });
  } catch (error) {
    throw raceRefusal(error);
  }
}

type Requester = { email: string; firstname: string; lastname: string };

/**
 * Mails the super users of every company the customer asked to join, once the customer's address is
 * confirmed and only once per request. One mail per super user: nobody learns who else got it.
 */
export async function notifyJoinRequests(db: Db, mailer: Mailer, publicUrl: string, customerId: string, nowMs: number): Promise<void> {
  const requests = await db.query<{ buyer_id: string; company: string } & Requester>(
    `update join_requests jr set notified_at = $2
       from customers c, buyers b
      where jr.customer_id = $1 and c.id = jr.customer_id and b.id = jr.buyer_id
        and c.email_confirmed_at is not null and jr.status = 'pending' and jr.notified_at is null
      returning jr.buyer_id, b.company, c.email, c.firstname, c.lastname`,
    [customerId, new Date(nowMs)],
  );
  const mails = [];
  for (const request of requests) {
    const superUsers = await db.query<{ email: string; firstname: string }>(
      `select c.email, c.firstname from buyer_users bu join customers c on c.id = bu.customer_id
        where bu.buyer_id = $1 and bu.is_super_user order by c.id`,
      [request.buyer_id],
    );
    for (const to of superUsers) mails.push(joinRequestMail(publicUrl, to, { id: request.buyer_id, company: request.company }, request));
  }
  await Promise.all(mails.map((mail) => mailer.send(mail)));
}

/** The requests a super user may decide: pending, from a confirmed address. */
export async function pendingJoinRequests(q: Queryable, buyerId: string): Promise<JoinRequest[]> {
  const rows = await q.query<{ id: string; created_at: Date | string } & Requester>(
    `select jr.id, c.firstname, c.lastname, c.email, jr.created_at
       from join_requests jr join customers c on c.id = jr.customer_id
      where jr.buyer_id = $1 and jr.status = 'pending' and c.email_confirmed_at is not null
      order by jr.created_at, jr.id
      limit 200`,
    [buyerId],
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

/**
 * Approves (the requester becomes a plain user of the buyer) or rejects a pending request of this buyer.
 * The request is looked up by id AND buyer, so a super user of one company cannot decide for another;
 * a decided, unknown or unconfirmed request is `JoinRequestError`. The requester is mailed the outcome.
 */
export async function decideJoinRequest(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  decision: { buyerId: string; requestId: string; verdict: JoinRequestDecision; deciderId: string },
  nowMs: number,
): Promise<{ delivery: Promise<void> }> {
  const approved = decision.verdict === 'approve';
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx.query<{ customer_id: string; company: string } & Requester>(
      `update join_requests jr set status = $3, decided_at = $4, decided_by = $5
         from customers c, buyers b
        where jr.id = $1 and jr.buyer_id = $2 and jr.status = 'pending'
          and c.id = jr.customer_id and c.email_confirmed_at is not null and b.id = jr.buyer_id
        returning jr.customer_id, b.company, c.email, c.firstname, c.lastname`,
      [decision.requestId, decision.buyerId, approved ? 'approved' : 'rejected', new Date(nowMs), decision.deciderId],
    );
    if (!row) throw new JoinRequestError();
    if (approved) {
      await tx.query(
        `insert into buyer_users (buyer_id, customer_id, is_super_user) values ($1, $2, false)
         on conflict (buyer_id, customer_id) do nothing`,
        [decision.buyerId, row.customer_id],
      );
    }
    return row;
  });
  return { delivery: mailer.send(joinDecisionMail(publicUrl, decided, decided.company, approved)) };
}
