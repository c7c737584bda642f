import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSchema, joinRequestListSchema } from '../../src/contracts/auth';
import { M } from '../../src/contracts/messages';
import { accountBody, get, linkToken, mailsTo, newPerson, post, settleMails, signIn, type NewPerson } from './helpers/accounts';
import { addMember, createBuyer, createCustomer, createRegistryCompany, type TestBuyer, type TestCustomer } from './helpers/factory';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
/** The company newcomers ask to join, with two super users and a plain user. */
let acme: TestBuyer;
let owner: TestCustomer;
let coOwner: TestCustomer;
let clerk: TestCustomer;
/** An attacker with a valid account: super user of another buyer. */
let rival: TestBuyer;
let rivalOwner: TestCustomer;

beforeAll(async () => {
  t = await createTestApp();
  const registry = await createRegistryCompany(t.db);
  acme = await createBuyer(t.db, { afm: registry.afm, company: 'ACME Τρόφιμα ΑΕ' });
  rival = await createBuyer(t.db, { company: 'Rival ΟΕ' });
  owner = await createCustomer(t.db, { firstname: 'Owner' });
  coOwner = await createCustomer(t.db, { firstname: 'CoOwner' });
  clerk = await createCustomer(t.db, { firstname: 'Clerk' });
  rivalOwner = await createCustomer(t.db, { firstname: 'Rival' });
  await addMember(t.db, acme.id, owner.id, true);
  await addMember(t.db, acme.id, coOwner.id, true);
  await addMember(t.db, acme.id, clerk.id, false);
  await addMember(t.db, rival.id, rivalOwner.id, true);
});
afterAll(async () => {
  await t.close();
});

type Newcomer = { person: NewPerson; token: string; requestId?: string };

async function askToJoin(afm = acme.afm): Promise<Newcomer> {
  const person = newPerson({ firstname: 'Ελένη', lastname: 'Νέα' });
  const res = await post(t, '/api/client/user/request-invitation', accountBody(person, afm));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { person, token: res.body.result as string };
}

async function confirmAddress(newcomer: Newcomer): Promise<void> {
  const token = linkToken((await mailsTo(t, newcomer.person.email))[0], 'confirm', '/confirm-email');
  expect((await post(t, '/api/client/user/confirm-email', { token })).status).toBe(200);
}

async function profile(token: string) {
  return customerSchema.parse((await get(t, '/api/bridge/user/me', token)).body.result);
}

const list = async (token: string, buyerId = acme.id) => get(t, `/api/bridge/buyers/${buyerId}/join-requests`, token);
const decide = (token: string, requestId: string, verdict: 'approve' | 'reject', buyerId = acme.id) =>
  post(t, `/api/bridge/buyers/${buyerId}/join-requests/${requestId}/${verdict}`, {}, { token });

async function requestIdOf(newcomer: Newcomer): Promise<string> {
  const [row] = await t.db.query<{ id: string }>(
    'select jr.id from join_requests jr join customers c on c.id = jr.customer_id where c.email = $1',
    [newcomer.person.email],
  );
  return row?.id ?? '';
}

async function membership(email: string) {
  return t.db.query<{ buyer_id: string; is_super_user: boolean }>(
    'select bu.buyer_id, bu.is_super_user from buyer_users bu join customers c on c.id = bu.customer_id where c.email = $1',
    [email],
  );
}

describe('asking to join a company that is already a buyer', () => {
  it('creates an unconfirmed account in no company, waiting for the company by name only', async () => {
    const newcomer = await askToJoin();
    const me = await profile(newcomer.token);
    expect(me).toMatchObject({ email: newcomer.person.email, email_confirmed: false, buyers: [] });
    expect(me.join_requests).toEqual([
      { id: expect.any(String), company: 'ACME Τρόφιμα ΑΕ', status: 'pending', created_at: expect.any(String) },
    ]);
    // Nothing in the answer or the profile names the super users.
    const raw = JSON.stringify(me);
    for (const su of [owner, coOwner]) expect(raw).not.toContain(su.email);
    // The super users hear of it only once the address is confirmed.
    await settleMails();
    expect(t.outbox().filter((m) => [owner.email, coOwner.email].includes(m.to))).toHaveLength(0);
    expect((await list(await signIn(t, owner.email, owner.password))).body.result).toEqual([]);
  });

  it('mails each super user (alone) once the address is confirmed, with a review link on our origin', async () => {
    const newcomer = await askToJoin();
    await confirmAddress(newcomer);
    for (const su of [owner, coOwner]) {
      const mails = (await mailsTo(t, su.email)).filter((m) => m.text.includes(newcomer.person.email));
      expect(mails).toHaveLength(1);
      const review = new URL(mails[0]?.links?.review ?? '');
      expect(`${review.origin}${review.pathname}`).toBe('http://shop.test/my-account/users/requests');
      expect(review.searchParams.get('buyer_id')).toBe(acme.id);
      expect(mails[0]?.text).not.toContain(su === owner ? coOwner.email : owner.email);
    }
    await settleMails();
    expect(t.outbox().filter((m) => m.to === clerk.email)).toHaveLength(0);
    // A second confirmation (a resend after the first) does not mail them again.
    const before = t.outbox().length;
    await post(t, '/api/client/user/confirm-email/resend', { email: newcomer.person.email });
    await settleMails();
    expect(t.outbox().length).toBe(before);
  });

  it('404 when the company is not a buyer; 409 when the address has an account; 400 for bad input', async () => {
    const notMember = await createRegistryCompany(t.db);
    const refused = await post(t, '/api/client/user/request-invitation', accountBody(newPerson(), notMember.afm));
    expect(refused.status).toBe(404);
    expect(refused.body.errors?.[0]?.description).toBe(M.companyNotMember);
    const taken = await post(t, '/api/client/user/request-invitation', accountBody(newPerson({ email: clerk.email }), acme.afm));
    expect(taken.status).toBe(409);
    const weak = await post(t, '/api/client/user/request-invitation', accountBody(newPerson({ password: 'weak' }), acme.afm));
    expect(weak.status).toBe(400);
    expect(weak.body.errors?.[0]?.description).toBe(M.passwordRule);
    for (const firstname of ['Νί\u0000κος', 'Νίκος\r\nBcc: x@example.gr', 'Ν'.repeat(101)]) {
      const bad = await post(t, '/api/client/user/request-invitation', accountBody(newPerson({ firstname }), acme.afm));
      expect(bad.status, JSON.stringify(firstname)).toBe(400);
    }
  });
});

describe('reviewing requests', () => {
  it('a super user lists confirmed requests and approves one: the requester becomes a plain user and is told', async () => {
    const newcomer = await askToJoin();
    await confirmAddress(newcomer);
    const ownerToken = await signIn(t, owner.email, owner.password);
    const listed = joinRequestListSchema.parse((await list(ownerToken)).body.result);
    const entry = listed.find((r) => r.email === newcomer.person.email);
    expect(entry).toMatchObject({ firstname: 'Ελένη', lastname: 'Νέα' });

    const res = await decide(ownerToken, entry?.id ?? '', 'approve');
    expect(res).toMatchObject({ status: 200, body: { result: M.joinRequestApproved } });
    expect(await membership(newcomer.person.email)).toEqual([{ buyer_id: acme.id, is_super_user: false }]);
    const me = await profile(newcomer.token);
    expect(me.buyers).toEqual([{ id: acme.id, company: acme.company, afm: acme.afm, isSuperUser: false }]);
    expect(me.join_requests).toEqual([]);
    const mails = await mailsTo(t, newcomer.person.email, 2);
    expect(mails[1]?.subject).toBe(`You can now order for ${acme.company}`);
    expect(JSON.stringify(mails[1])).not.toContain(owner.email);

    const again = await decide(ownerToken, entry?.id ?? '', 'reject');
    expect(again.status).toBe(404);
    expect(again.body.errors?.[0]?.description).toBe(M.joinRequestNotFound);
    expect(await membership(newcomer.person.email)).toHaveLength(1);
  });

  it('a rejected requester stays in no company and sees the rejection', async () => {
    const newcomer = await askToJoin();
    await confirmAddress(newcomer);
    const res = await decide(await signIn(t, coOwner.email, coOwner.password), await requestIdOf(newcomer), 'reject');
    expect(res).toMatchObject({ status: 200, body: { result: M.joinRequestRejected } });
    expect(await membership(newcomer.person.email)).toEqual([]);
    expect((await profile(newcomer.token)).join_requests).toEqual([expect.objectContaining({ company: acme.company, status: 'rejected' })]);
    expect((await mailsTo(t, newcomer.person.email, 2))[1]?.subject).toBe(`Your request to join ${acme.company}`);
  });

  it('a request from an unconfirmed address can be neither listed nor decided', async () => {
    const newcomer = await askToJoin();
    const ownerToken = await signIn(t, owner.email, owner.password);
    const listed = joinRequestListSchema.parse((await list(ownerToken)).body.result);
    expect(listed.map((r) => r.email)).not.toContain(newcomer.person.email);
    expect((await decide(ownerToken, await requestIdOf(newcomer), 'approve')).status).toBe(404);
    expect(await membership(newcomer.person.email)).toEqual([]);
  });

  it('a plain user gets 403 notSuperUser; an outsider 403 notMember', async () => {
    const newcomer = await askToJoin();
    await confirmAddress(newcomer);
    const requestId = await requestIdOf(newcomer);
    const clerkToken = await signIn(t, clerk.email, clerk.password);
    for (const res of [await list(clerkToken), await decide(clerkToken, requestId, 'approve')]) {
      expect(res.status).toBe(403);
      expect(res.body.errors?.[0]?.description).toBe(M.notSuperUser);
    }
    const rivalToken = await signIn(t, rivalOwner.email, rivalOwner.password);
    for (const res of [await list(rivalToken), await decide(rivalToken, requestId, 'approve')]) {
      expect(res.status).toBe(403);
      expect(res.body.errors?.[0]?.description).toBe(M.notMember);
    }
    expect(await membership(newcomer.person.email)).toEqual([]);
  });

  it("a super user of another buyer cannot decide this buyer's request through their own buyer", async () => {
    const newcomer = await askToJoin();
    await confirmAddress(newcomer);
    const requestId = await requestIdOf(newcomer);
    const rivalToken = await signIn(t, rivalOwner.email, rivalOwner.password);
    expect((await list(rivalToken, rival.id)).body.result).toEqual([]);
    const res = await decide(rivalToken, requestId, 'approve', rival.id);
    expect(res.status).toBe(404);
    expect(await membership(newcomer.person.email)).toEqual([]);
    // Nor by naming this buyer in the body while the path names theirs.
    const mixed = await post(
      t,
      `/api/bridge/buyers/${rival.id}/join-requests/${requestId}/approve`,
      { buyer_id: acme.id },
      { token: rivalToken },
    );
    expect(mixed.status).toBe(400);
    expect(await membership(newcomer.person.email)).toEqual([]);
  });

  it('a super user whose own address is unconfirmed cannot review (knowing the tax number is not enough)', async () => {
    const company = await createRegistryCompany(t.db);
    const founder = newPerson();
    const registered = await post(t, '/api/bridge/buyers', accountBody(founder, company.afm));
    const founderToken = registered.body.result as string;
    const [buyer] = await t.db.query<{ id: string }>('select id from buyers where afm = $1', [company.afm]);
    const res = await list(founderToken, buyer?.id);
    expect(res.status).toBe(403);
    expect(res.body.errors?.[0]?.description).toBe(M.emailNotConfirmed);
  });

  it('refuses a request id that is not one', async () => {
    const ownerToken = await signIn(t, owner.email, owner.password);
    const res = await decide(ownerToken, 'not-a-uuid', 'approve');
    expect(res.status).toBe(400);
    expect((await decide(ownerToken, '00000000-0000-4000-8000-000000000000', 'approve')).status).toBe(404);
  });
});
