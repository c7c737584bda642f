import { CUSTOMER_SEARCH_LIMIT, LOGIN_AS_MAX_SECONDS, type CustomerHit } from '../../src/contracts/admin';
import type { Db, Queryable } from '../db/client';
import { revokeFamily } from './refresh-tokens';
import { openSession, type Session, type TokenSettings } from './session';

/** docs/decisions/025-admin-login-as.md: administrators acting as a customer, every step audited. */

export type LoginAsProblem = 'unknown_customer' | 'target_is_admin';

export class LoginAsError extends Error {
  constructor(readonly code: LoginAsProblem) {
    super(`login as: ${code}`);
  }
}

type AuditAction = 'login_as' | 'logout_as';

async function audit(q: Queryable, adminId: string, customerId: string, action: AuditAction, nowMs: number, ip: string): Promise<void> {
  await q.query('insert into admin_audit (admin_id, customer_id, action, at, ip) values ($1, $2, $3, $4, $5)', [
    adminId,
    customerId,
    action,
    new Date(nowMs),
    ip.slice(0, 64),
  ]);
}

/**
 * Opens a session of `customerId` for administrator `adminId` (already checked to be one), ending at most
 * LOGIN_AS_MAX_SECONDS later, and records it. Another administrator cannot be the target: that would let
 * one administrator act with another's identity.
 */
export async function loginAs(
  db: Db,
  settings: TokenSettings,
  adminId: string,
  customerId: string,
  nowMs: number,
  ip: string,
): Promise<Session & { endsAtMs: number }> {
  return db.transaction(async (tx) => {
    const [target] = await tx.query<{ is_admin: boolean }>('select is_admin from customers where id = $1', [customerId]);
    if (!target) throw new LoginAsError('unknown_customer');
    if (target.is_admin) throw new LoginAsError('target_is_admin');
    const endsAtMs = nowMs + LOGIN_AS_MAX_SECONDS * 1000;
    const session = await openSession(tx, settings, customerId, nowMs, { adminId, endsAtMs });
    await audit(tx, adminId, customerId, 'login_as', nowMs, ip);
    return { ...session, endsAtMs };
  });
}

/** Ends the login-as session `familyId` (as logout does), records it, and opens a new session of the administrator. */
export async function logoutAs(
  db: Db,
  settings: TokenSettings,
  session: { adminId: string; customerId: string; familyId: string },
  nowMs: number,
  ip: string,
): Promise<Session> {
  return db.transaction(async (tx) => {
    await revokeFamily(tx, session.familyId, nowMs, 'logout');
    await audit(tx, session.adminId, session.customerId, 'logout_as', nowMs, ip);
    return openSession(tx, settings, session.adminId, nowMs);
  });
}

/** `%`, `_` and `\` match themselves. */
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Customers whose email or full name contains `q` (case-insensitive), at most CUSTOMER_SEARCH_LIMIT, by email. */
export async function searchCustomers(q: Queryable, text: string): Promise<CustomerHit[]> {
  const pattern = `%${likeLiteral(text.toLowerCase())}%`;
  const rows = await q.query<{
    id: string;
    email: string;
    firstname: string;
    lastname: string;
    is_admin: boolean;
    companies: string[] | null;
  }>(
    `select c.id, c.email, c.firstname, c.lastname, c.is_admin,
            (select array_agg(b.company order by b.company) from buyer_users bu join buyers b on b.id = bu.buyer_id
              where bu.customer_id = c.id) as companies
     from customers c
     where lower(c.email) like $1 escape '\\' or lower(c.firstname || ' ' || c.lastname) like $1 escape '\\'
     order by lower(c.email)
     limit $2`,
    [pattern, CUSTOMER_SEARCH_LIMIT],
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    firstname: r.firstname,
    lastname: r.lastname,
    isAdmin: r.is_admin,
    companies: r.companies ?? [],
  }));
}
