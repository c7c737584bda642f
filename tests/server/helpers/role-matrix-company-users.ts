import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../server/db/client';
import { addMember, createCustomer, uniqueEmail, type TestCustomer } from './factory';
import type { Row } from './role-matrix';

/** A new plain user of the buyer (a role to change, a user to remove). */
async function memberOf(db: Queryable, buyerId: string): Promise<TestCustomer> {
  const member = await createCustomer(db);
  await addMember(db, buyerId, member.id, false);
  return member;
}

/** A new waiting invitation of the buyer (its token is never used). */
async function invitationOf(db: Queryable, buyerId: string): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into invitations (id, buyer_id, email, token_hash, expires_at) values ($1, $2, $3, $4, now() + interval '1 day')`,
    [id, buyerId, uniqueEmail('waiting'), randomUUID()],
  );
  return id;
}

/** The rows of tests/server/role-matrix.test.ts for the users of a buyer and its invitations. */
export const COMPANY_USER_ROUTES: Record<string, Row> = {
  // Users of the company and invitations: its super users (decision record 026). Each call to remove a user or
  // touch an invitation gets a fresh one of buyer A, so the permitted call finds something to act on.
  'GET /api/bridge/buyers/:buyer_id/users': {
    access: 'superUser',
    build: ({ buyerId }) => ({ url: `/api/bridge/buyers/${buyerId}/users` }),
  },
  'PUT /api/bridge/buyers/:buyer_id/users/role': {
    access: 'superUser',
    ownedId: true,
    build: async ({ f, buyerId, db }) => ({
      url: `/api/bridge/buyers/${buyerId}/users/role`,
      payload: { customer_id: (await memberOf(db, f.a.id)).id, role: 'super_user' },
    }),
  },
  'POST /api/bridge/buyers/:buyer_id/users/remove': {
    access: 'superUser',
    ownedId: true,
    build: async ({ f, buyerId, db }) => ({
      url: `/api/bridge/buyers/${buyerId}/users/remove`,
      payload: { remove_user_email: (await memberOf(db, f.a.id)).email },
    }),
  },
  'GET /api/bridge/buyers/:buyer_id/invitations': {
    access: 'superUser',
    build: ({ buyerId }) => ({ url: `/api/bridge/buyers/${buyerId}/invitations` }),
  },
  'POST /api/bridge/buyers/:buyer_id/invitations': {
    access: 'superUser',
    build: ({ buyerId }) => ({ url: `/api/bridge/buyers/${buyerId}/invitations`, payload: { email: uniqueEmail('invited') } }),
  },
  'PUT /api/bridge/buyers/:buyer_id/invitations/:invitation_id/resend': {
    access: 'superUser',
    ownedId: true,
    build: async ({ f, buyerId, db }) => ({ url: `/api/bridge/buyers/${buyerId}/invitations/${await invitationOf(db, f.a.id)}/resend` }),
  },
  'PUT /api/bridge/buyers/:buyer_id/invitations/:invitation_id/revoke': {
    access: 'superUser',
    ownedId: true,
    build: async ({ f, buyerId, db }) => ({ url: `/api/bridge/buyers/${buyerId}/invitations/${await invitationOf(db, f.a.id)}/revoke` }),
  },
  // The mailed link is the proof; joining adds the company to the signed-in customer it was sent to.
  'POST /api/client/user/invitations/check': {
    access: 'public',
    build: () => ({ url: '/api/client/user/invitations/check', payload: { token: 'not-a-mailed-token' } }),
  },
  'POST /api/client/user/invitations/accept': {
    access: 'public',
    build: () => ({
      url: '/api/client/user/invitations/accept',
      payload: { token: 'not-a-mailed-token', firstname: 'Άννα', lastname: 'Ιωάννου', password: 'Demo1234!z' },
    }),
  },
  'POST /api/client/user/invitations/join': {
    access: 'signedIn',
    build: () => ({ url: '/api/client/user/invitations/join', payload: { token: 'not-a-mailed-token' } }),
  },
};
