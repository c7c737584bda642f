import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSchema } from '../../src/contracts/auth';
import { M } from '../../src/contracts/messages';
import { get, linkToken, mailsTo, post, settleMails, signIn } from './helpers/accounts';
import { createCustomer, uniqueEmail, type TestCustomer } from './helpers/factory';
import { createTestApp, type TestApp } from './helpers/test-app';

let nowMs = Date.now();
const clock = { now: () => nowMs };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

async function signedIn(opts: { firstname?: string } = {}): Promise<{ user: TestCustomer; token: string }> {
  const user = await createCustomer(t.db, { firstname: opts.firstname ?? 'Carol', lastname: 'Dimitriou' });
  return { user, token: await signIn(t, user.email, user.password) };
}

const update = (token: string, customer: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  post(t, '/api/bridge/user/me', { customer, ...extra }, { token });

const confirm = (token: string) => post(t, '/api/client/user/confirm-email', { token });

async function emailOf(id: string): Promise<string> {
  const [row] = await t.db.query<{ email: string }>('select email from customers where id = $1', [id]);
  return row?.email ?? '';
}

describe('profile update: names', () => {
  it('changes names at once, without the password', async () => {
    const { user, token } = await signedIn();
    const res = await update(token, { firstname: 'Καρολίνα', lastname: 'Δημητρίου', email: user.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(customerSchema.parse(res.body.result)).toMatchObject({ firstname: 'Καρολίνα', lastname: 'Δημητρίου', email: user.email });
    expect(res.body.meta).toBeUndefined();
  });

  it('validates names and email', async () => {
    const { token } = await signedIn();
    const res = await update(token, { firstname: 'B', lastname: '', email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.meta?.fields).toEqual(
      expect.arrayContaining([
        { path: 'customer.firstname', message: M.nameTooShort },
        { path: 'customer.lastname', message: M.required },
        { path: 'customer.email', message: M.emailInvalid },
      ]),
    );
  });
});

describe('profile update: a new email', () => {
  it('needs the current password; a wrong or missing one changes nothing, names included', async () => {
    const { user, token } = await signedIn();
    const changes = { firstname: 'Changed', lastname: 'Name', email: uniqueEmail('next') };
    const missing = await update(token, changes);
    expect(missing.status).toBe(400);
    expect(missing.body.meta?.fields).toEqual([{ path: 'current_password', message: M.required }]);
    const wrong = await update(token, changes, { current_password: 'Not-the-password1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0]?.description).toBe(M.currentPasswordWrong);
    const me = customerSchema.parse((await get(t, '/api/bridge/user/me', token)).body.result);
    expect(me).toMatchObject({ email: user.email, firstname: 'Carol' });
    await settleMails();
    expect(t.outbox().filter((m) => m.to === changes.email || m.to === user.email)).toHaveLength(0);
  });

  it('changes the address only when the link mailed to it is used, once; the old address is told', async () => {
    const { user, token } = await signedIn();
    const next = uniqueEmail('next');
    const res = await update(token, { firstname: 'Carol', lastname: 'Dimitriou', email: next }, { current_password: user.password });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ email_change: 'confirmation_sent' });
    expect(customerSchema.parse(res.body.result).email).toBe(user.email);
    expect(await emailOf(user.id)).toBe(user.email);

    const [notice] = await mailsTo(t, user.email);
    expect(notice?.subject).toBe('Your email address is about to change');
    expect(notice?.links).toBeUndefined();
    const link = linkToken((await mailsTo(t, next))[0], 'confirm', '/confirm-email');

    expect(await confirm(link)).toMatchObject({ status: 200, body: { result: M.emailChanged } });
    expect(await emailOf(user.id)).toBe(next);
    await signIn(t, next, user.password);
    const old = await post(t, '/api/client/user/login', { username: user.email, password: user.password });
    expect(old.status).toBe(401);
    expect((await confirm(link)).status).toBe(400);
  });

  it('answers the same when the new address already has an account; that mailbox is told, no link is sent', async () => {
    const { user, token } = await signedIn();
    const other = await createCustomer(t.db);
    const free = uniqueEmail('free');
    const body = (email: string) => ({ firstname: 'Carol', lastname: 'Dimitriou', email });
    const toTaken = await update(token, body(other.email.toUpperCase()), { current_password: user.password });
    const toFree = await update(token, body(free), { current_password: user.password });
    expect(toTaken.status).toBe(toFree.status);
    expect(toTaken.body).toEqual(toFree.body);

    const [taken] = await mailsTo(t, other.email);
    expect(taken?.subject).toBe('Your email address is already registered');
    expect(JSON.stringify(taken)).not.toContain('/confirm-email');
    expect(JSON.stringify(taken)).not.toContain(user.email);
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await emailOf(other.id)).toBe(other.email);
    // The account holder's old address is told about both attempts.
    expect((await mailsTo(t, user.email, 2)).map((m) => m.subject)).toEqual([
      'Your email address is about to change',
      'Your email address is about to change',
    ]);
  });

  it('says clearly when the address was taken between the request and the link, and changes nothing', async () => {
    const { user, token } = await signedIn();
    const next = uniqueEmail('race');
    await update(token, { firstname: 'Carol', lastname: 'Dimitriou', email: next }, { current_password: user.password });
    const link = linkToken((await mailsTo(t, next))[0], 'confirm', '/confirm-email');
    const racer = await createCustomer(t.db, { email: next.toUpperCase() });
    const res = await confirm(link);
    expect(res.status).toBe(409);
    expect(res.body.errors?.[0]?.description).toBe(M.emailTaken);
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await emailOf(racer.id)).toBe(next.toUpperCase());
  });

  it('an expired link changes nothing; a newer request retires the older link', async () => {
    const { user, token } = await signedIn();
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
    const ask = (email: string) => update(token, { firstname: 'Carol', lastname: 'Dimitriou', email }, { current_password: user.password });
    await ask(first);
    await ask(second);
    const firstLink = linkToken((await mailsTo(t, first))[0], 'confirm', '/confirm-email');
    const secondLink = linkToken((await mailsTo(t, second))[0], 'confirm', '/confirm-email');
    expect((await confirm(firstLink)).status).toBe(400);
    nowMs += 25 * 60 * 60 * 1000;
    try {
      expect((await confirm(secondLink)).status).toBe(400);
    } finally {
      nowMs -= 25 * 60 * 60 * 1000;
    }
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('retires links sent to the old address (a password reset) once the address changed', async () => {
    const { user, token } = await signedIn();
    await post(t, '/api/client/user/password/request-reset', { email: user.email });
    const reset = new URL((await mailsTo(t, user.email))[0]?.links?.reset ?? '').searchParams.get('token') ?? '';
    const next = uniqueEmail('moved');
    await update(token, { firstname: 'Carol', lastname: 'Dimitriou', email: next }, { current_password: user.password });
    expect((await confirm(linkToken((await mailsTo(t, next))[0], 'confirm', '/confirm-email'))).status).toBe(200);
    const res = await post(t, '/api/client/user/password/reset', {
      password: 'Taken#Over1',
      confirm_password: 'Taken#Over1',
      token: reset,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.description).toBe(M.tokenExpired);
  });

  it('allows 10 wrong current passwords per 15 minutes per customer, whatever the IP', async () => {
    const { token } = await signedIn();
    const statuses = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await update(
        token,
        { firstname: 'Carol', lastname: 'Dimitriou', email: uniqueEmail('guess') },
        { current_password: `Guess#${i}x` },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    // Another customer is not affected.
    const other = await signedIn();
    expect((await update(other.token, { firstname: 'Other', lastname: 'Person', email: other.user.email })).status).toBe(200);
  });
});
