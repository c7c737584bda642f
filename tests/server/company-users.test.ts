import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSchema } from '../../src/contracts/auth';
import { buyerUserListSchema, invitationInfoSchema, invitationListSchema } from '../../src/contracts/company-users';
import { M } from '../../src/contracts/messages';
import { get, linkToken, mailsTo, nextIp, post, signIn } from './helpers/accounts';
import { addMember, createBuyer, createCustomer, type TestBuyer, type TestCustomer } from './helpers/factory';
import { createTestApp, json, type TestApp } from './helpers/test-app';

let t: TestApp;
let acme: TestBuyer;
let owner: TestCustomer;
let clerk: TestCustomer;
let rival: TestBuyer;
let rivalOwner: TestCustomer;
let ownerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createBuyer(t.db, { company: 'ACME Τρόφιμα ΑΕ' });
  rival = await createBuyer(t.db, { company: 'Rival ΟΕ' });
  owner = await createCustomer(t.db, { firstname: 'Owner' });
  clerk = await createCustomer(t.db, { firstname: 'Clerk' });
  rivalOwner = await createCustomer(t.db, { firstname: 'Rival' });
  await addMember(t.db, acme.id, owner.id, true);
  await addMember(t.db, acme.id, clerk.id, false);
  await addMember(t.db, rival.id, rivalOwner.id, true);
  ownerToken = await signIn(t, owner.email, owner.password);
});
afterAll(async () => {
  await t.close();
});

async function put(url: string, payload: unknown, token: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url,
    payload: payload as object,
    remoteAddress: nextIp(),
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: json(res) };
}

const users = (token: string, buyerId = acme.id) => get(t, `/api/bridge/buyers/${buyerId}/users`, token);
const setRole = (token: string, customerId: string, role: string, buyerId = acme.id) =>
  put(`/api/bridge/buyers/${buyerId}/users/role`, { customer_id: customerId, role }, token);
const remove = (token: string, email: string, buyerId = acme.id) =>
  post(t, `/api/bridge/buyers/${buyerId}/users/remove`, { remove_user_email: email }, { token });
const invite = (token: string, email: string, buyerId = acme.id) =>
  post(t, `/api/bridge/buyers/${buyerId}/invitations`, { email }, { token });
const invitations = async (token = ownerToken, buyerId = acme.id) =>
  invitationListSchema.parse((await get(t, `/api/bridge/buyers/${buyerId}/invitations`, token)).body.result);
const description = (res: { body: { errors?: { description?: string }[] } }) => res.body.errors?.[0]?.description;

async function membership(customerId: string) {
  return t.db.query<{ buyer_id: string; is_super_user: boolean }>(
    'select buyer_id, is_super_user from buyer_users where customer_id = $1 order by buyer_id',
    [customerId],
  );
}

/** Invites `email` to acme as the owner and returns the token of the newest invitation mail to it. */
async function invitedToken(email: string, mailCount = 1): Promise<string> {
  const res = await invite(ownerToken, email);
  expect(res, JSON.stringify(res.body)).toMatchObject({ status: 200, body: { result: M.invitationSent } });
  const mails = await mailsTo(t, email, mailCount);
  return linkToken(mails[mailCount - 1], 'accept', '/accept-invitation');
}

const newcomerBody = (token: string) => ({ token, firstname: 'Ελένη', lastname: 'Νέα', password: 'Strong#Pass1' });

describe('users of a buyer', () => {
  it('a super user lists them with their roles; a plain user and an outsider are refused', async () => {
    const listed = buyerUserListSchema.parse((await users(ownerToken)).body.result);
    expect(listed.map((u) => [u.email, u.isSuperUser])).toEqual([
      [owner.email, true],
      [clerk.email, false],
    ]);
    const plain = await users(await signIn(t, clerk.email, clerk.password));
    expect(plain.status).toBe(403);
    expect(description(plain)).toBe(M.notSuperUser);
    const outsider = await users(await signIn(t, rivalOwner.email, rivalOwner.password));
    expect(outsider.status).toBe(403);
    expect(description(outsider)).toBe(M.notMember);
  });

  it('changes roles, but never unsets the sole super user', async () => {
    const sole = await setRole(ownerToken, owner.id, 'user');
    expect(sole.status).toBe(409);
    expect(description(sole)).toBe(M.soleSuperUser);
    expect(await membership(owner.id)).toEqual([{ buyer_id: acme.id, is_super_user: true }]);

    expect((await setRole(ownerToken, clerk.id, 'super_user')).body.result).toBe(M.roleChanged);
    expect(await membership(clerk.id)).toEqual([{ buyer_id: acme.id, is_super_user: true }]);
    // Now there are two: the owner may step down, and is then refused as a plain user.
    expect((await setRole(ownerToken, owner.id, 'user')).body.result).toBe(M.roleChanged);
    const refused = await setRole(ownerToken, owner.id, 'super_user');
    expect(refused.status).toBe(403);
    expect(description(refused)).toBe(M.notSuperUser);
    const clerkToken = await signIn(t, clerk.email, clerk.password);
    expect((await setRole(clerkToken, owner.id, 'super_user')).status).toBe(200);
    expect((await setRole(clerkToken, clerk.id, 'user')).status).toBe(200);
    expect(await membership(clerk.id)).toEqual([{ buyer_id: acme.id, is_super_user: false }]);
  });

  it('refuses a user of another buyer, an unknown role and a role change across buyers', async () => {
    const foreign = await setRole(ownerToken, rivalOwner.id, 'user');
    expect(foreign.status).toBe(404);
    expect(description(foreign)).toBe(M.userNotFound);
    expect((await setRole(ownerToken, clerk.id, 'admin')).status).toBe(400);
    const across = await setRole(await signIn(t, rivalOwner.email, rivalOwner.password), clerk.id, 'super_user', rival.id);
    expect(across.status).toBe(404);
    expect(await membership(clerk.id)).toEqual([{ buyer_id: acme.id, is_super_user: false }]);
  });

  it('removes a user (their account stays); removing oneself works unless one is the sole super user', async () => {
    const temp = await createCustomer(t.db);
    await addMember(t.db, acme.id, temp.id, false);
    await addMember(t.db, rival.id, temp.id, false);
    expect((await remove(ownerToken, temp.email.toUpperCase())).body.result).toBe(M.userRemoved);
    expect(await membership(temp.id)).toEqual([{ buyer_id: rival.id, is_super_user: false }]);
    const again = await remove(ownerToken, temp.email);
    expect(again.status).toBe(404);
    expect(description(again)).toBe(M.userNotFound);

    const self = await remove(ownerToken, owner.email);
    expect(self.status).toBe(409);
    expect(description(self)).toBe(M.soleSuperUser);

    const second = await createCustomer(t.db);
    await addMember(t.db, acme.id, second.id, true);
    const secondToken = await signIn(t, second.email, second.password);
    expect((await remove(secondToken, second.email)).body.result).toBe(M.userRemoved);
    expect(await membership(second.id)).toEqual([]);
    // The membership has ended: the next call is an outsider's.
    expect(description(await users(secondToken))).toBe(M.notMember);
  });
});

describe('invitations', () => {
  it('mails a link on our origin; a newcomer accepts, is signed in, can log in and is a plain user', async () => {
    const email = `Invited.${Date.now()}@example.gr`;
    const token = await invitedToken(email.toLowerCase());
    const [mail] = await mailsTo(t, email);
    expect(mail?.subject).toContain('ACME Τρόφιμα ΑΕ');
    expect((await invitations()).map((i) => i.email)).toContain(email.toLowerCase());

    const info = invitationInfoSchema.parse((await post(t, '/api/client/user/invitations/check', { token })).body.result);
    expect(info).toEqual({ company: 'ACME Τρόφιμα ΑΕ', email: email.toLowerCase(), has_account: false });

    const weak = await post(t, '/api/client/user/invitations/accept', { ...newcomerBody(token), password: 'weak' });
    expect(weak.status).toBe(400);
    expect(description(weak)).toBe(M.passwordRule);

    const accepted = await post(t, '/api/client/user/invitations/accept', newcomerBody(token));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const me = customerSchema.parse((await get(t, '/api/bridge/user/me', accepted.body.result as string)).body.result);
    expect(me).toMatchObject({ email: email.toLowerCase(), email_confirmed: true, firstname: 'Ελένη' });
    expect(me.buyers).toEqual([{ id: acme.id, company: acme.company, afm: acme.afm, isSuperUser: false }]);
    await signIn(t, email, 'Strong#Pass1');

    const twice = await post(t, '/api/client/user/invitations/accept', newcomerBody(token));
    expect(twice.status).toBe(409);
    expect(description(twice)).toBe(M.invitationAlreadyAccepted);
    expect((await invitations()).map((i) => i.email)).not.toContain(email.toLowerCase());
    // Now a user: inviting the address again is refused.
    const again = await invite(ownerToken, email);
    expect(again.status).toBe(409);
    expect(description(again)).toBe(M.alreadyUserOfBuyer);
  });

  it('an existing customer accepts signed in; someone else signed in is refused; signed out is told to sign in', async () => {
    const existing = await createCustomer(t.db);
    await addMember(t.db, rival.id, existing.id, false);
    const token = await invitedToken(existing.email);
    expect((await post(t, '/api/client/user/invitations/check', { token })).body.result).toMatchObject({ has_account: true });

    const signedOut = await post(t, '/api/client/user/invitations/accept', newcomerBody(token));
    expect(signedOut.status).toBe(409);
    expect(description(signedOut)).toBe(M.invitationSignIn);

    const other = await post(t, '/api/client/user/invitations/join', { token }, { token: await signIn(t, clerk.email, clerk.password) });
    expect(other.status).toBe(403);
    expect(description(other)).toBe(M.invitationOtherUser);
    expect(await membership(clerk.id)).toEqual([{ buyer_id: acme.id, is_super_user: false }]);

    const noToken = await post(t, '/api/client/user/invitations/join', { token });
    expect(noToken.status).toBe(401);

    const joined = await post(
      t,
      '/api/client/user/invitations/join',
      { token },
      { token: await signIn(t, existing.email, existing.password) },
    );
    expect(joined.body.result).toBe(M.invitationAccepted);
    expect((await membership(existing.id)).map((m) => m.buyer_id).sort()).toEqual([acme.id, rival.id].sort());
  });

  it('revoked, expired and unknown links do not exist; a resend kills the old link', async () => {
    const revokedEmail = `revoked.${Date.now()}@example.gr`;
    const revokedToken = await invitedToken(revokedEmail);
    const id = (await invitations()).find((i) => i.email === revokedEmail)?.id ?? '';
    // Another buyer's super user cannot touch it.
    const rivalToken = await signIn(t, rivalOwner.email, rivalOwner.password);
    expect((await put(`/api/bridge/buyers/${rival.id}/invitations/${id}/revoke`, {}, rivalToken)).status).toBe(404);
    expect((await put(`/api/bridge/buyers/${acme.id}/invitations/${id}/revoke`, {}, ownerToken)).body.result).toBe(M.invitationRevoked);
    expect((await put(`/api/bridge/buyers/${acme.id}/invitations/${id}/revoke`, {}, ownerToken)).status).toBe(404);

    const expiredEmail = `expired.${Date.now()}@example.gr`;
    const expiredToken = await invitedToken(expiredEmail);
    await t.db.query(`update invitations set expires_at = now() - interval '1 minute' where email = $1`, [expiredEmail]);

    for (const token of [revokedToken, expiredToken, 'no-such-token']) {
      for (const path of ['check', 'accept']) {
        const res = await post(t, `/api/client/user/invitations/${path}`, newcomerBody(token));
        expect(res.status, `${path} ${token}`).toBe(404);
        expect(description(res)).toBe(M.invitationNotFound);
      }
    }

    const resentEmail = `resent.${Date.now()}@example.gr`;
    const oldToken = await invitedToken(resentEmail);
    const resentId = (await invitations()).find((i) => i.email === resentEmail)?.id ?? '';
    const resent = await put(`/api/bridge/buyers/${acme.id}/invitations/${resentId}/resend`, {}, ownerToken);
    expect(resent.body.result).toBe(M.invitationSent);
    const newToken = linkToken((await mailsTo(t, resentEmail, 2))[1], 'accept', '/accept-invitation');
    expect(newToken).not.toBe(oldToken);
    expect(description(await post(t, '/api/client/user/invitations/accept', newcomerBody(oldToken)))).toBe(M.invitationNotFound);
    expect((await post(t, '/api/client/user/invitations/accept', newcomerBody(newToken))).status).toBe(200);
  });

  it('only super users send, list, resend and revoke; inputs are bounded', async () => {
    const clerkToken = await signIn(t, clerk.email, clerk.password);
    const refused = await invite(clerkToken, `x.${Date.now()}@example.gr`);
    expect(refused.status).toBe(403);
    expect(description(refused)).toBe(M.notSuperUser);
    expect((await get(t, `/api/bridge/buyers/${acme.id}/invitations`, clerkToken)).status).toBe(403);
    expect((await invite(ownerToken, 'not-an-email')).status).toBe(400);
    expect((await invite(ownerToken, `${'a'.repeat(200)}@example.gr`)).status).toBe(400);
    expect((await put(`/api/bridge/buyers/${acme.id}/invitations/not-a-uuid/resend`, {}, ownerToken)).status).toBe(400);
    expect((await post(t, '/api/client/user/invitations/accept', { token: 'x'.repeat(201) })).status).toBe(400);
  });
});
