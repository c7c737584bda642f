import type { Queryable } from '../db/client';
import type { BuyerSummary, Customer, OwnJoinRequest } from '../../src/contracts/auth';

export type CustomerRow = {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  password_hash: string | null;
  is_admin: boolean;
  show_prices_with_vat: boolean;
  group_id: number;
  default_shipping: string | null;
  email_confirmed_at: Date | string | null;
};

const COLUMNS =
  'id, email, firstname, lastname, password_hash, is_admin, show_prices_with_vat, group_id, default_shipping, email_confirmed_at';

export async function findCustomerByEmail(q: Queryable, email: string): Promise<CustomerRow | undefined> {
  const [row] = await q.query<CustomerRow>(`select ${COLUMNS} from customers where lower(email) = lower($1)`, [email]);
  return row;
}

export async function findCustomerById(q: Queryable, id: string): Promise<CustomerRow | undefined> {
  const [row] = await q.query<CustomerRow>(`select ${COLUMNS} from customers where id = $1`, [id]);
  return row;
}

/** The buyers (companies) a customer belongs to, with their role in each. */
export async function buyersOf(q: Queryable, customerId: string): Promise<BuyerSummary[]> {
  const rows = await q.query<{ id: string; company: string; afm: string; is_super_user: boolean }>(
    `select b.id, b.company, b.afm, bu.is_super_user
       from buyer_users bu join buyers b on b.id = bu.buyer_id
      where bu.customer_id = $1
      order by b.company, b.id`,
    [customerId],
  );
  return rows.map((r) => ({ id: r.id, company: r.company, afm: r.afm, isSuperUser: r.is_super_user }));
}

/** The customer's requests to join a company that are still open or were rejected (newest first). */
export async function ownJoinRequests(q: Queryable, customerId: string): Promise<OwnJoinRequest[]> {
  const rows = await q.query<{ id: string; company: string; status: OwnJoinRequest['status']; created_at: Date | string }>(
    `select jr.id, b.company, jr.status, jr.created_at
       from join_requests jr join buyers b on b.id = jr.buyer_id
      where jr.customer_id = $1 and jr.status in ('pending', 'rejected')
      order by jr.created_at desc, jr.id
      limit 20`,
    [customerId],
  );
  return rows.map((r) => ({ id: r.id, company: r.company, status: r.status, created_at: new Date(r.created_at).toISOString() }));
}

export async function customerProfile(q: Queryable, row: CustomerRow): Promise<Customer> {
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    isAdmin: row.is_admin,
    show_prices_with_vat: row.show_prices_with_vat,
    group_id: row.group_id,
    default_shipping: row.default_shipping,
    buyers: await buyersOf(q, row.id),
    email_confirmed: row.email_confirmed_at !== null,
    join_requests: await ownJoinRequests(q, row.id),
  };
}

export type Membership = { buyerId: string; isSuperUser: boolean };

export async function membershipOf(q: Queryable, customerId: string, buyerId: string): Promise<Membership | undefined> {
  const [row] = await q.query<{ is_super_user: boolean }>(
    'select is_super_user from buyer_users where customer_id = $1 and buyer_id = $2',
    [customerId, buyerId],
  );
  return row ? { buyerId, isSuperUser: row.is_super_user } : undefined;
}

/** Postgres unique violation, raised when two requests race past an existence check. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
