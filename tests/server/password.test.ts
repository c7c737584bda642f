import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../src/contracts/messages';
import { issuePasswordToken } from '../../server/services/password-tokens';
import { createCustomer, TEST_PASSWORD, type TestCustomer } from './helpers/factory';
import { createTestApp, json, type TestApp } from './helpers/test-app';

/** A clock the tests move forward to expire reset links. */
let nowMs = Date.now();
const clock = { now: () => nowMs };

let t: TestApp;
let ipCounter = 0;
const nextIp = () => `10.30.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, extra: { token?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: extra.ip ?? nextIp(),
    headers: extra.token ? { authorization: `Bearer ${extra.token}` } : {},
  });

async function loginAs(email: string, password: string) {
  const res = await post('/api/client/user/login', { username: email, password });
  return { status: res.statusCode, body: json(res) };
}

async function requestReset(user: TestCustomer): Promise<string> {
  const before = t.outbox().length;
  const res = await post('/api/client/user/password/request-reset', { email: user.email });
  expect(res.statusCode).toBe(200);
  const mails = await t.waitForMails(before + 1);
  expect(mails).toHaveLength(before + 1);
  const mail = mails[mails.length - 1];
  expect(mail?.to).toBe(user.email);
  const link = mail?.links?.reset ?? '';
  expect(mail?.text).toContain(link);
  return link;
}

describe('password reset by mail', () => {
  it('mails a working link; the new password logs in, the old one and old sessions do not', async () => {
    const user = await createCustomer(t.db);
    const session = await loginAs(user.email, user.password);
    const refreshToken = (session.body.meta as { refreshToken: string }).refreshToken;

    const link = await requestReset(user);
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('http://shop.test/reset-password');
    const token = url.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(30);

    const res = await post('/api/client/user/password/reset', { password: 'New#Secret9', confirm_password: 'New#Secret9', token });
    expect(res.statusCode).toBe(200);
    expect(json(res).result).toBe(M.passwordChanged);
    expect((await loginAs(user.email, 'New#Secret9')).status).toBe(200);
    expect((await loginAs(user.email, user.password)).status).toBe(401);
    const refresh = await post('/api/client/user/refresh', { refreshToken });
    expect(refresh.statusCode).toBe(401);

    const again = await post('/api/client/user/password/reset', { password: 'Other#Secret9', confirm_password: 'Other#Secret9', token });
    expect(again.statusCode).toBe(400);
    expect(json(again).errors?.[0]?.description).toBe(M.tokenExpired);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = t.outbox().length;
    const res = await post('/api/client/user/password/request-reset', { email: 'ghost@example.gr' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ code: 200, result: M.resetMailSent });
    // Give a (wrongly) sent mail time to appear before asserting there is none.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.outbox()).toHaveLength(before);
  });

  it('a link older than one hour has expired', async () => {
    const user = await createCustomer(t.db);
    const token = new URL(await requestReset(user)).searchParams.get('token') ?? '';
    nowMs += 61 * 60 * 1000;
    const res = await post('/api/client/user/password/reset', { password: 'New#Secret9', confirm_password: 'New#Secret9', token });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors?.[0]?.description).toBe(M.tokenExpired);
  });

  it('keeps links on our own site even when the client asks for another url', async () => {
    const user = await createCustomer(t.db);
    const before = t.outbox().length;
    await post('/api/client/user/password/request-reset', { email: user.email, url: 'https://evil.example/steal' });
    const evil = (await t.waitForMails(before + 1)).at(-1)?.links?.reset ?? '';
    expect(new URL(evil).origin).toBe('http://shop.test');
    await post('/api/client/user/password/request-reset', { email: user.email, url: 'http://shop.test/de/reset-password' });
    const own = new URL((await t.waitForMails(before + 2)).at(-1)?.links?.reset ?? '');
    expect(own.pathname).toBe('/de/reset-password');
  });

  it('rejects unknown tokens, weak passwords and a confirmation that differs', async () => {
    const unknown = await post('/api/client/user/password/reset', {
      password: 'New#Secret9',
      confirm_password: 'New#Secret9',
      token: 'nope',
    });
    expect(json(unknown).errors?.[0]?.description).toBe(M.tokenExpired);
    const weak = await post('/api/client/user/password/reset', { password: 'weak', confirm_password: 'weak', token: 'x' });
    expect(weak.statusCode).toBe(400);
    expect(json(weak).errors?.[0]?.description).toBe(M.passwordRule);
    const differ = await post('/api/client/user/password/reset', { password: 'New#Secret9', confirm_password: 'New#Secret8', token: 'x' });
    expect(json(differ).errors?.[0]?.description).toBe(M.passwordsDiffer);
  });

  it('limits reset requests to 5 a minute per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await post('/api/client/user/password/request-reset', { email: `x${i}@example.gr` }, { ip: '10.31.0.1' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('change password (signed in)', () => {
  it('needs the right old password', async () => {
    const user = await createCustomer(t.db);
    const token = (await loginAs(user.email, user.password)).body.result as string;
    const wrong = await post('/api/client/user/password/change', { old_password: 'Wrong#123', new_password: 'Fresh#Pass7' }, { token });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).errors?.[0]?.description).toBe(M.oldPasswordWrong);
    const right = await post('/api/client/user/password/change', { old_password: TEST_PASSWORD, new_password: 'Fresh#Pass7' }, { token });
    expect(right.statusCode).toBe(200);
    expect((await loginAs(user.email, 'Fresh#Pass7')).status).toBe(200);
  });

  it('is refused without a token', async () => {
    const res = await post('/api/client/user/password/change', { old_password: TEST_PASSWORD, new_password: 'Fresh#Pass7' });
    expect(res.statusCode).toBe(401);
  });
});

describe('create password (invited user)', () => {
  it('sets the first password with the invitation token and signs in', async () => {
    const invited = await createCustomer(t.db, { password: null });
    const token = await issuePasswordToken(t.db, invited.id, 'create', clock.now());
    const wrongEmail = await post('/api/client/user/password/create-password', {
      email: 'other@example.gr',
      newPassword: 'First#Pass1',
      resetToken: token,
    });
    expect(wrongEmail.statusCode).toBe(400);
    const res = await post('/api/client/user/password/create-password', {
      email: invited.email,
      newPassword: 'First#Pass1',
      resetToken: token,
    });
    expect(res.statusCode).toBe(200);
    expect(typeof json(res).result).toBe('string');
    expect((await loginAs(invited.email, 'First#Pass1')).status).toBe(200);
    const reuse = await post('/api/client/user/password/create-password', {
      email: invited.email,
      newPassword: 'Second#Pass1',
      resetToken: token,
    });
    expect(json(reuse).errors?.[0]?.description).toBe(M.tokenExpired);
  });

  it('a reset token cannot be used to create a password', async () => {
    const user = await createCustomer(t.db);
    const token = await issuePasswordToken(t.db, user.id, 'reset', clock.now());
    const res = await post('/api/client/user/password/create-password', {
      email: user.email,
      newPassword: 'First#Pass1',
      resetToken: token,
    });
    expect(res.statusCode).toBe(400);
  });
});
