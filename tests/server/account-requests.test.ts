import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunicationPreferencesResult, DeletionRequestState } from '../../src/contracts/account-requests';
import { addMember, createBuyer, createCustomer } from './helpers/factory';
import { openTestSession } from './helpers/session';
import { createTestApp, json, type TestApp } from './helpers/test-app';

/*
 * A customer's own account requests: deleting the account (recorded once, mailed to customer service and to the
 * customer) and the optional mails they agree to. Each customer reaches only their own.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_EMAIL: 'care@shop.test' } });
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('delete-account request', () => {
  it('is recorded once per customer and mailed to customer service and to the customer', async () => {
    const me = await createCustomer(t.db);
    const company = await createBuyer(t.db);
    await addMember(t.db, company.id, me.id, true);
    const token = (await openTestSession(t.db, me.id)).token;
    const url = '/api/client/user/delete-account-request';
    expect(json(await call('GET', url, token)).result).toBeNull();

    const first = await call('POST', url, token, { reason: 'Κλείνουμε το κατάστημα\u0007' });
    expect(first.statusCode, first.body).toBe(200);
    const stored = json(first).result as NonNullable<DeletionRequestState>;
    expect(stored.reason).toBe('Κλείνουμε το κατάστημα\u0007'.trim());
    const mails = await t.waitForMails(2);
    const toSupport = mails.find((m) => m.to === 'care@shop.test')!;
    expect(toSupport.subject).toBe(`Account deletion request: ${me.email}`);
    expect(toSupport.text).toContain(company.company);
    // A control character typed into the reason never reaches the mail.
    expect(toSupport.text).not.toContain('\u0007');
    expect(mails.some((m) => m.to === me.email)).toBe(true);

    // Asked again (a double click, a retry): the open request answers, nothing more is stored or mailed.
    const again = await call('POST', url, token, {});
    expect(json(again).result).toEqual(stored);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.outbox()).toHaveLength(2);
    const rows = await t.db.query<{ n: number }>('select count(*)::int as n from account_deletion_requests where customer_id = $1', [
      me.id,
    ]);
    expect(rows[0]!.n).toBe(1);
    expect(json(await call('GET', url, token)).result).toEqual(stored);

    // Once customer service handled it, a new request may be made.
    await t.db.query('update account_deletion_requests set handled_at = now() where customer_id = $1', [me.id]);
    expect(json(await call('GET', url, token)).result).toBeNull();
    expect((await call('POST', url, token, {})).statusCode).toBe(200);
  });

  it('needs a session and a bounded reason, and shows nobody another customer’s request', async () => {
    const url = '/api/client/user/delete-account-request';
    expect((await call('POST', url, undefined, {})).statusCode).toBe(401);
    expect((await call('GET', url)).statusCode).toBe(401);
    const me = await createCustomer(t.db);
    const token = (await openTestSession(t.db, me.id)).token;
    expect((await call('POST', url, token, { reason: 'x'.repeat(401) })).statusCode).toBe(400);
    expect((await call('POST', url, token, { reason: 'a\u0000b' })).statusCode).toBe(400);
    expect((await call('POST', url, token, { reason: 'ok', customer_id: 'someone-else' })).statusCode).toBe(400);
    const other = await createCustomer(t.db);
    await call('POST', url, (await openTestSession(t.db, other.id)).token, {});
    expect(json(await call('GET', url, token)).result).toBeNull();
  });
});

describe('communication preferences', () => {
  it('start with everything off, are saved with when, and are each customer’s own', async () => {
    const url = '/api/client/user/communication-preferences';
    const [me, other] = [await createCustomer(t.db), await createCustomer(t.db)];
    const token = (await openTestSession(t.db, me.id)).token;
    expect(json(await call('GET', url, token)).result).toEqual({ newsletter: false, supplier_offers: false, updated_at: null });
    const saved = await call('PUT', url, token, { newsletter: true, supplier_offers: false });
    expect(saved.statusCode, saved.body).toBe(200);
    const result = json(saved).result as CommunicationPreferencesResult;
    expect(result).toMatchObject({ newsletter: true, supplier_offers: false });
    expect(Number.isNaN(Date.parse(result.updated_at ?? ''))).toBe(false);
    expect(json(await call('GET', url, token)).result).toEqual(result);
    const theirs = json(await call('GET', url, (await openTestSession(t.db, other.id)).token)).result as CommunicationPreferencesResult;
    expect(theirs.newsletter).toBe(false);

    expect((await call('PUT', url, token, { newsletter: 'yes', supplier_offers: false })).statusCode).toBe(400);
    expect((await call('PUT', url, token, { newsletter: true })).statusCode).toBe(400);
    expect((await call('PUT', url, undefined, { newsletter: true, supplier_offers: true })).statusCode).toBe(401);
  });
});
