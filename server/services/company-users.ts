import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/client';
import type { BuyerUser, Invitation, InvitationInfo, Role } from '../../src/contracts/company-users';
import { invitationMail } from './account-mails';
import { findCustomerByEmail, isUniqueViolation } from './customers';
import type { Mailer } from './mailer';
import { hashPassword } from './password-hash';
import { hashToken, newOpaqueToken } from './secure-token';
import { openSession, type Session, type TokenSettings } from './session';

/**
 * The users of a buyer and its invitations (docs/decisions/026-company-users.md). Every function takes the
 * buyer the caller is a super user of (the routes check it) and looks rows up by id AND buyer, so a super user
 * of one company never reaches another's users or invitations.
 */

export type CompanyUsersProblem =
  | 'user_not_found'
  | 'sole_super_user'
  | 'already_user'
  | 'invitation_not_found'
  | 'invitation_other_user'
  | 'invitation_accepted'
  | 'sign_in_to_accept';

export class CompanyUsersError extends Error {
  constructor(readonly code: CompanyUsersProblem) {
    super(`company users: ${code}`);
  }
}

/** An invitation link is good for 7 days; a resend starts the 7 days again. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many invitations waiting per buyer: a super user cannot make the bridge a mail cannon. */
export const MAX_OPEN_INVITATIONS = 100;

export async function usersOfBuyer(q: Queryable, buyerId: string): Promise<BuyerUser[]> {
  const rows = await q.query<{ id: string; firstname: string; lastname: string; email: string; is_super_user: boolean }>(
    `select c.id, c.firstname, c.lastname, c.email, bu.is_super_user
       from buyer_users bu join customers c on c.id = bu.customer_id
      where bu.buyer_id = $1
      order by bu.is_super_user desc, lower(c.lastname), lower(c.firstname), c.id
      limit 500`,
    [buyerId],
  );
  return rows.map((r) => ({ id: r.id, firstname: r.firstname, lastname: r.lastname, email: r.email, isSuperUser: r.is_super_user }));
}

/** Locks the buyer's memberships for the transaction, so two super users cannot unset each other at once. */
async function lockBuyer(tx: Queryable, buyerId: string): Promise<void> {
  await tx.query('select id from buyers where id = $1 for update', [buyerId]);
}

async function otherSuperUsers(tx: Queryable, buyerId: string, customerId: string): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    'select count(*)::int as n from buyer_users where buyer_id = $1 and is_super_user and customer_id <> $2',
    [buyerId, customerId],
  );
  return row?.n ?? 0;
}

/** Makes a user of the buyer a super user or a plain user; the last super user stays one. */
export async function changeRole(db: Db, buyerId: string, customerId: string, role: Role): Promise<void> {
  await db.transaction(async (tx) => {
    await lockBuyer(tx, buyerId);
    const [member] = await tx.query<{ is_super_user: boolean }>(
      'select is_super_user from buyer_users where buyer_id = $1 and customer_id = $2',
      [buyerId, customerId],
    );
    if (!member) throw new CompanyUsersError('user_not_found');
    const superUser = role === 'super_user';
    if (member.is_super_user && !superUser && (await otherSuperUsers(tx, buyerId, customerId)) === 0)
      throw new CompanyUsersError('sole_super_user');
    await tx.query('update buyer_users set is_super_user = $3 where buyer_id = $1 and customer_id = $2', [buyerId, customerId, superUser]);
  });
}

/**
 * Ends a membership (the account stays: it may belong to other buyers). A super user may remove themself,
 * unless they are the last super user. Returns the removed customer's id.
 */
export async function removeUser(db: Db, buyerId: string, email: string): Promise<string> {
  return db.transaction(async (tx) => {
    await lockBuyer(tx, buyerId);
    const [member] = await tx.query<{ customer_id: string; is_super_user: boolean }>(
      `select bu.customer_id, bu.is_super_user from buyer_users bu join customers c on c.id = bu.customer_id
        where bu.buyer_id = $1 and lower(c.email) = lower($2)`,
      [buyerId, email],
    );
    if (!member) throw new CompanyUsersError('user_not_found');
    if (member.is_super_user && (await otherSuperUsers(tx, buyerId, member.customer_id)) === 0)
      throw new CompanyUsersError('sole_super_user');
    await tx.query('delete from buyer_users where buyer_id = $1 and customer_id = $2', [buyerId, member.customer_id]);
    return member.customer_id;
  });
}

/** The invitations still waiting for an answer (expired ones too, so they can be sent again), newest first. */
export async function openInvitations(q: Queryable, buyerId: string): Promise<Invitation[]> {
  const rows = await q.query<{ id: string; email: string; created_at: Date | string; expires_at: Date | string }>(
    `select id, email, created_at, expires_at from invitations
      where buyer_id = $1 and status = 'sent'
      order by created_at desc, id
      limit ${MAX_OPEN_INVITATIONS}`,
    [buyerId],
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    created_at: new Date(r.created_at).toISOString(),
    expires_at: new Date(r.expires_at).toISOString(),
  }));
}

type Sender = { id: string; firstname: string; lastname: string };
type Mailing = { delivery: Promise<void> };

async function senderAndCompany(q: Queryable, buyerId: string, inviterId: string): Promise<{ company: string; inviter: Sender }> {
  const [row] = await q.query<{ company: string; firstname: string; lastname: string }>(
    'select b.company, c.firstname, c.lastname from buyers b, customers c where b.id = $1 and c.id = $2',
    [buyerId, inviterId],
  );
  if (!row) throw new CompanyUsersError('user_not_found');
  return { company: row.company, inviter: { id: inviterId, firstname: row.firstname, lastname: row.lastname } };
}

/**
 * Invites `email` to the buyer: a new link is mailed. An address that is already a user of the buyer is
 * refused; an address with an invitation waiting gets that invitation with a new link (the old one dies).
 */
export async function sendInvitation(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  input: { buyerId: string; inviterId: string; email: string },
  nowMs: number,
): Promise<Mailing> {
  const token = newOpaqueToken();
  const { company, inviter } = await db.transaction(async (tx) => {
    await lockBuyer(tx, input.buyerId);
    const [member] = await tx.query(
      `select 1 from buyer_users bu join customers c on c.id = bu.customer_id where bu.buyer_id = $1 and lower(c.email) = lower($2)`,
      [input.buyerId, input.email],
    );
    if (member) throw new CompanyUsersError('already_user');
    const who = await senderAndCompany(tx, input.buyerId, input.inviterId);
    const [waiting] = await tx.query<{ id: string }>(
      `select id from invitations where buyer_id = $1 and lower(email) = lower($2) and status = 'sent'`,
      [input.buyerId, input.email],
    );
    if (waiting) {
      await renewToken(tx, waiting.id, input.inviterId, token, nowMs);
      return who;
    }
    const [count] = await tx.query<{ n: number }>(`select count(*)::int as n from invitations where buyer_id = $1 and status = 'sent'`, [
      input.buyerId,
    ]);
    if ((count?.n ?? 0) >= MAX_OPEN_INVITATIONS) {
      // The oldest waiting invitation makes room: it is revoked, its link stops working.
      await tx.query(
        `update invitations set status = 'revoked'
          where id = (select id from invitations where buyer_id = $1 and status = 'sent' order by created_at, id limit 1)`,
        [input.buyerId],
      );
    }
    await tx.query(
      `insert into invitations (id, buyer_id, email, invited_by, token_hash, created_at, expires_at) values ($1, $2, $3, $4, $5, $6, $7)`,
      [randomUUID(), input.buyerId, input.email, input.inviterId, hashToken(token), new Date(nowMs), new Date(nowMs + INVITATION_TTL_MS)],
    );
    return who;
  });
  return { delivery: mailer.send(invitationMail(publicUrl, input.email, company, inviter, token)) };
}

async function renewToken(tx: Queryable, invitationId: string, inviterId: string, token: string, nowMs: number): Promise<void> {
  await tx.query('update invitations set token_hash = $2, invited_by = $3, created_at = $4, expires_at = $5 where id = $1', [
    invitationId,
    hashToken(token),
    inviterId,
    new Date(nowMs),
    new Date(nowMs + INVITATION_TTL_MS),
  ]);
}

/** A new link for a waiting invitation of this buyer; the previous link stops working. */
export async function resendInvitation(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  input: { buyerId: string; inviterId: string; invitationId: string },
  nowMs: number,
): Promise<Mailing> {
  const token = newOpaqueToken();
  const { email, company, inviter } = await db.transaction(async (tx) => {
    const [row] = await tx.query<{ email: string }>(
      `select email from invitations where id = $1 and buyer_id = $2 and status = 'sent' for update`,
      [input.invitationId, input.buyerId],
    );
    if (!row) throw new CompanyUsersError('invitation_not_found');
    await renewToken(tx, input.invitationId, input.inviterId, token, nowMs);
    return { email: row.email, ...(await senderAndCompany(tx, input.buyerId, input.inviterId)) };
  });
  return { delivery: mailer.send(invitationMail(publicUrl, email, company, inviter, token)) };
}

export async function revokeInvitation(q: Queryable, buyerId: string, invitationId: string): Promise<void> {
  const rows = await q.query(`update invitations set status = 'revoked' where id = $1 and buyer_id = $2 and status = 'sent' returning id`, [
    invitationId,
    buyerId,
  ]);
  if (rows.length === 0) throw new CompanyUsersError('invitation_not_found');
}

type OpenInvitation = { id: string; buyer_id: string; email: string; company: string };

/**
 * The invitation a mailed token belongs to, if it can still be accepted. Unknown, revoked and expired are
 * all "does not exist" (nobody learns which); an accepted one says so.
 */
async function invitationByToken(q: Queryable, token: string, nowMs: number, lock = false): Promise<OpenInvitation> {
  const [row] = await q.query<OpenInvitation & { status: string; expires_at: Date | string }>(
    `select i.id, i.buyer_id, i.email, i.status, i.expires_at, b.company
       from invitations i join buyers b on b.id = i.buyer_id
      where i.token_hash = $1${lock ? ' for update of i' : ''}`,
    [hashToken(token)],
  );
  if (!row || row.status === 'revoked') throw new CompanyUsersError('invitation_not_found');
  if (row.status === 'accepted') throw new CompanyUsersError('invitation_accepted');
  if (new Date(row.expires_at).getTime() <= nowMs) throw new CompanyUsersError('invitation_not_found');
  return { id: row.id, buyer_id: row.buyer_id, email: row.email, company: row.company };
}

/** What the acceptance page shows before asking anything: the company, the address, whether it has an account. */
export async function invitationInfo(q: Queryable, token: string, nowMs: number): Promise<InvitationInfo> {
  const invitation = await invitationByToken(q, token, nowMs);
  return { company: invitation.company, email: invitation.email, has_account: Boolean(await findCustomerByEmail(q, invitation.email)) };
}

async function markAccepted(tx: Queryable, invitationId: string, customerId: string, nowMs: number): Promise<void> {
  await tx.query(`update invitations set status = 'accepted', accepted_at = $2, accepted_by = $3 where id = $1`, [
    invitationId,
    new Date(nowMs),
    customerId,
  ]);
}

async function addMembership(tx: Queryable, buyerId: string, customerId: string): Promise<void> {
  await tx.query(
    `insert into buyer_users (buyer_id, customer_id, is_super_user) values ($1, $2, false) on conflict (buyer_id, customer_id) do nothing`,
    [buyerId, customerId],
  );
}

/**
 * A newcomer accepts: the account is created with the invited address (confirmed: the link came to that
 * mailbox), becomes a plain user of the buyer and is signed in. An address that already has an account
 * must sign in and join instead.
 */
export async function acceptAsNewCustomer(
  db: Db,
  settings: TokenSettings,
  input: { token: string; firstname: string; lastname: string; password: string },
  nowMs: number,
): Promise<Session> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const invitation = await invitationByToken(tx, input.token, nowMs, true);
      if (await findCustomerByEmail(tx, invitation.email)) throw new CompanyUsersError('sign_in_to_accept');
      const customerId = randomUUID();
      await tx.query(
        `insert into customers (id, email, firstname, lastname, password_hash, email_confirmed_at) values ($1, $2, $3, $4, $5, $6)`,
        [customerId, invitation.email, input.firstname, input.lastname, passwordHash, new Date(nowMs)],
      );
      await addMembership(tx, invitation.buyer_id, customerId);
      await markAccepted(tx, invitation.id, customerId, nowMs);
      return openSession(tx, settings, customerId, nowMs);
    });
  } catch (error) {
    // A racing registration took the address meanwhile.
    if (isUniqueViolation(error)) throw new CompanyUsersError('sign_in_to_accept');
    throw error;
  }
}

/**
 * A signed-in customer accepts an invitation sent to their own address: the buyer is added to theirs (as a
 * plain user; one already a user keeps their role). The link also proves their address.
 */
export async function acceptAsCustomer(db: Db, customerId: string, token: string, nowMs: number): Promise<{ buyerId: string }> {
  return db.transaction(async (tx) => {
    const invitation = await invitationByToken(tx, token, nowMs, true);
    const [me] = await tx.query<{ email: string }>('select email from customers where id = $1', [customerId]);
    if (!me || me.email.toLowerCase() !== invitation.email.toLowerCase()) throw new CompanyUsersError('invitation_other_user');
    await addMembership(tx, invitation.buyer_id, customerId);
    await tx.query('update customers set email_confirmed_at = coalesce(email_confirmed_at, $2) where id = $1', [
      customerId,
      new Date(nowMs),
    ]);
    await markAccepted(tx, invitation.id, customerId, nowMs);
    return { buyerId: invitation.buyer_id };
  });
}
