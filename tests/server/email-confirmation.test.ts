import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSchema } from '../../src/contracts/auth';
import { M } from '../../src/contracts/messages';
import { requireAuth, requireConfirmedEmail } from '../../server/http/auth';
import { accountBody, get, linkToken, mailsTo, newPerson, nextIp, post, settleMails, signIn, type NewPerson } from './helpers/accounts';
import { createCustomer, createRegistryCompany } from './helpers/factory';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Stands in for the order and cart-push routes, which must carry requireConfirmedEmail. */
async function probeRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/test/order-probe', { preHandler: [requireAuth, requireConfirmedEmail] }, async () => ({ code: 200, result: 'ordered' }));
}

let nowMs = Date.now();
const clock = { now: () => nowMs };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, extraRoutes: [probeRoutes] });
});
afterAll(async () => {
  await t.close();
});

const HOUR = 60 * 60 * 1000;

async function registerCompany(person: NewPerson = newPerson()): Promise<{ person: NewPerson; token: string }> {
  const company = await createRegistryCompany(t.db);
  const res = await post(t, '/api/bridge/buyers', accountBody(person, company.afm));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { person, token: res.body.result as string };
}

async function profile(token: string) {
  const res = await get(t, '/api/bridge/user/me', token);
  expect(res.status).toBe(200);
  return customerSchema.parse(res.body.result);
}

const confirm = (token: string) => post(t, '/api/client/user/confirm-email', { token });
const resend = (email: unknown, ip?: string) => post(t, '/api/client/user/confirm-email/resend', { email }, ip ? { ip } : {});
const order = (token: string) => post(t, '/api/test/order-probe', {}, { token });

describe('email confirmation after registration', () => {
  it('mails a single-use link; until it is opened the account can sign in but not order', async () => {
    const { person, token } = await registerCompany();
    expect((await profile(token)).email_confirmed).toBe(false);
    const refused = await order(token);
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.[0]?.description).toBe(M.emailNotConfirmed);

    const [mail] = await mailsTo(t, person.email);
    expect(mail?.subject).toBe('Confirm your email address');
    const linkTokenValue = linkToken(mail, 'confirm', '/confirm-email');
    // Stored hashed: the database never holds the token itself.
    const stored = await t.db.query<{ token_hash: string }>("select token_hash from password_tokens where purpose = 'confirm_email'");
    expect(stored.map((r) => r.token_hash)).not.toContain(linkTokenValue);

    const ok = await confirm(linkTokenValue);
    expect(ok).toMatchObject({ status: 200, body: { result: M.emailConfirmed } });
    expect((await profile(token)).email_confirmed).toBe(true);
    expect((await order(token)).status).toBe(200);

    const again = await confirm(linkTokenValue);
    expect(again.status).toBe(400);
    expect(again.body.errors?.[0]?.description).toBe(M.tokenExpired);
    // The account is a real one: the password it chose signs in.
    await signIn(t, person.email, person.password);
  });

  it('refuses an expired link and one that is not a token at all', async () => {
    const { person, token } = await registerCompany();
    const link = linkToken((await mailsTo(t, person.email))[0], 'confirm', '/confirm-email');
    nowMs += 73 * HOUR;
    try {
      const expired = await confirm(link);
      expect(expired.status).toBe(400);
      expect(expired.body.errors?.[0]?.description).toBe(M.tokenExpired);
    } finally {
      nowMs -= 73 * HOUR;
    }
    expect((await profile(token)).email_confirmed).toBe(false);
    for (const bad of ['', 'x'.repeat(201), 'abc def', 42]) {
      const res = await post(t, '/api/client/user/confirm-email', { token: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.errors?.[0]?.description).toBe(M.tokenExpired);
    }
    // A NUL byte is refused before the route, like in any request.
    const nul = await post(t, '/api/client/user/confirm-email', { token: 'abc\u0000' });
    expect(nul.status).toBe(400);
    expect(nul.body.errors?.[0]?.description).toBe(M.invalidRequest);
  });

  it('a resent link replaces the earlier one', async () => {
    const { person, token } = await registerCompany();
    const first = linkToken((await mailsTo(t, person.email))[0], 'confirm', '/confirm-email');
    expect((await resend(person.email.toUpperCase())).status).toBe(200);
    const second = linkToken((await mailsTo(t, person.email, 2))[1], 'confirm', '/confirm-email');
    expect(second).not.toBe(first);
    expect((await confirm(first)).status).toBe(400);
    expect((await confirm(second)).status).toBe(200);
    expect((await profile(token)).email_confirmed).toBe(true);
  });

  it('answers a resend the same for an unknown, a confirmed and an unconfirmed address; mails only the last', async () => {
    const confirmed = await createCustomer(t.db);
    const { person } = await registerCompany();
    await mailsTo(t, person.email);
    const before = t.outbox().length;
    const answers = [];
    for (const email of ['nobody.here@example.gr', confirmed.email, person.email]) answers.push(await resend(email));
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: { code: 200, result: M.confirmationMailSent } });
    await settleMails();
    expect(
      t
        .outbox()
        .slice(before)
        .map((m) => m.to),
    ).toEqual([person.email]);
  });

  it('limits resends to 5 a minute from one address', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await resend(`ghost${i}@example.gr`, '10.77.0.1')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('validates the resend body', async () => {
    const res = await resend('not-an-email', nextIp());
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.description).toBe(M.emailInvalid);
  });
});

describe('accounts that existed before', () => {
  it('an account created outside registration (like the seed and the migration) is confirmed and may order', async () => {
    const old = await createCustomer(t.db);
    const token = await signIn(t, old.email, old.password);
    expect((await profile(token)).email_confirmed).toBe(true);
    expect((await order(token)).status).toBe(200);
  });

  it('a password reset link proves the address too', async () => {
    const { person } = await registerCompany();
    await post(t, '/api/client/user/password/request-reset', { email: person.email });
    const mails = await mailsTo(t, person.email, 2);
    // The confirmation mail is written after the registration answer, so it may land after the reset mail.
    const reset = new URL(mails.find((m) => m.links?.reset)?.links?.reset ?? '').searchParams.get('token') ?? '';
    const res = await post(t, '/api/client/user/password/reset', {
      password: 'Other#Pass2',
      confirm_password: 'Other#Pass2',
      token: reset,
    });
    expect(res.status).toBe(200);
    const fresh = await signIn(t, person.email, 'Other#Pass2');
    expect((await profile(fresh)).email_confirmed).toBe(true);
  });
});
