import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyResultSchema, customerSchema } from '../../src/contracts/auth';
import { M } from '../../src/contracts/messages';
import { get, mailsTo, post, settleMails, signIn } from './helpers/accounts';
import {
  addMember,
  createBuyer,
  createCustomer,
  createRegistryCompany,
  uniqueAfm,
  type TestBuyer,
  type TestCustomer,
} from './helpers/factory';
import { createTestApp, type TestApp } from './helpers/test-app';
import { notifyJoinRequests } from '../../server/services/join-requests';

/** A signed-in customer adds another company by its tax number (docs/product-rules.md §6.2). */

let t: TestApp;
let customer: TestCustomer;
let token: string;
/** A buyer with a super user, which the customer does not belong to. */
let other: TestBuyer;
let otherOwner: TestCustomer;
/** A buyer the customer already belongs to. */
let own: TestBuyer;

beforeAll(async () => {
  t = await createTestApp();
  customer = await createCustomer(t.db, { firstname: 'Γιώργος' });
  otherOwner = await createCustomer(t.db, { firstname: 'Owner' });
  own = await createBuyer(t.db, { company: 'Δική μου ΟΕ' });
  other = await createBuyer(t.db, { company: 'Άλλη Εταιρεία ΑΕ' });
  await addMember(t.db, own.id, customer.id, false);
  await addMember(t.db, other.id, otherOwner.id, true);
  token = await signIn(t, customer.email, customer.password);
});
afterAll(async () => {
  await t.close();
});

const add = (taxvat: unknown) => post(t, '/api/bridge/user/buyers', { taxvat }, { token });

async function myBuyers() {
  return customerSchema.parse((await get(t, '/api/bridge/user/me', token)).body.result).buyers;
}

describe('POST /api/bridge/user/buyers', () => {
  it('creates a registry company that is not a buyer yet, with the customer as its super user', async () => {
    const registry = await createRegistryCompany(t.db, { legalName: 'ΝΕΑ ΕΤΑΙΡΕΙΑ Α.Ε.' });
    const res = await add(registry.afm);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = addCompanyResultSchema.parse(res.body.result);
    expect(result).toMatchObject({ outcome: 'created', message: M.companyAdded, buyer: { afm: registry.afm, isSuperUser: true } });
    expect(await myBuyers()).toContainEqual(
      expect.objectContaining({ afm: registry.afm, company: 'ΝΕΑ ΕΤΑΙΡΕΙΑ Α.Ε.', isSuperUser: true }),
    );
    // Adding it again: the customer is a user of it now.
    const again = await add(registry.afm);
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0]?.description).toBe(M.alreadyUserOfBuyer);
  });

  it('asks the super users of an existing buyer to let the customer in, and mails them', async () => {
    const res = await add(other.afm);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(addCompanyResultSchema.parse(res.body.result)).toEqual({
      outcome: 'request_sent',
      company: other.company,
      message: M.joinRequestSent,
    });
    const rows = await t.db.query<{ status: string }>('select status from join_requests where buyer_id = $1 and customer_id = $2', [
      other.id,
      customer.id,
    ]);
    expect(rows).toEqual([{ status: 'pending' }]);
    const [mail] = await mailsTo(t, otherOwner.email);
    expect(mail?.links).toBeDefined();
    // Asking again keeps the one pending request and mails nobody again.
    expect((await add(other.afm)).status).toBe(200);
    await settleMails();
    expect(await t.db.query('select 1 from join_requests where buyer_id = $1 and customer_id = $2', [other.id, customer.id])).toHaveLength(
      1,
    );
    expect(t.outbox().filter((m) => m.to === otherOwner.email)).toHaveLength(1);
    expect((await myBuyers()).map((b) => b.id)).not.toContain(other.id);
  });

  it('a customer whose address is not confirmed yet asks too; the super users hear of it once it is', async () => {
    const newcomer = await createCustomer(t.db, { emailConfirmed: false });
    const res = await post(
      t,
      '/api/bridge/user/buyers',
      { taxvat: other.afm },
      { token: await signIn(t, newcomer.email, newcomer.password) },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await settleMails();
    const before = t.outbox().filter((m) => m.to === otherOwner.email).length;
    const notified = () =>
      t.db.query<{ notified: boolean }>('select notified_at is not null as notified from join_requests where customer_id = $1', [
        newcomer.id,
      ]);
    expect(await notified()).toEqual([{ notified: false }]);
    await t.db.query('update customers set email_confirmed_at = now() where id = $1', [newcomer.id]);
    await notifyJoinRequests(t.db, t.app.mailer, t.app.config.publicUrl, newcomer.id, Date.now());
    expect(await mailsTo(t, otherOwner.email, before + 1)).toHaveLength(before + 1);
    expect(await notified()).toEqual([{ notified: true }]);
  });

  it('refuses a company the customer already belongs to', async () => {
    const res = await add(own.afm);
    expect(res.status).toBe(409);
    expect(res.body.errors?.[0]?.description).toBe(M.alreadyUserOfBuyer);
  });

  it('refuses a tax number that is not a registered active company', async () => {
    const person = await createRegistryCompany(t.db, { isCompany: false });
    const closed = await createRegistryCompany(t.db, { active: false });
    for (const afm of [uniqueAfm(), person.afm, closed.afm]) {
      const res = await add(afm);
      expect(res.status, afm).toBe(404);
      expect(res.body.errors?.[0]?.description).toBe(M.companyNotFound);
    }
    expect(await t.db.query('select 1 from buyers where afm = any($1)', [[person.afm, closed.afm]])).toHaveLength(0);
  });

  it('answers 400 to a malformed tax number or extra fields', async () => {
    for (const body of [{ taxvat: '123' }, { taxvat: '123456789' }, { taxvat: 123456789 }, {}]) {
      const res = await post(t, '/api/bridge/user/buyers', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const registry = await createRegistryCompany(t.db);
    expect((await post(t, '/api/bridge/user/buyers', { taxvat: registry.afm, isSuperUser: true }, { token })).status).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const registry = await createRegistryCompany(t.db);
    const res = await post(t, '/api/bridge/user/buyers', { taxvat: registry.afm });
    expect(res.status).toBe(401);
    expect(await t.db.query('select 1 from buyers where afm = $1', [registry.afm])).toHaveLength(0);
  });
});
