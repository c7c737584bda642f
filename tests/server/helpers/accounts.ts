import { expect } from 'vitest';
import type { OutboxSummary } from '../../../server/services/mailer';
import { uniqueEmail } from './factory';
import { json, type TestApp } from './test-app';

/** Calls of the account flows (registration, mail links, sign-in) shared by the server tests. */

let ipCounter = 0;
/** Each call from its own client IP, so per-IP rate limits bite only where a test wants them to. */
export function nextIp(prefix = '10.40'): string {
  ipCounter += 1;
  return `${prefix}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

export type NewPerson = { email: string; firstname: string; lastname: string; password: string };

export function newPerson(overrides: Partial<NewPerson> = {}): NewPerson {
  return { email: uniqueEmail('new'), firstname: 'Νίκος', lastname: 'Ιωάννου', password: 'Strong#Pass1', ...overrides };
}

export function accountBody(person: NewPerson, afm: string) {
  return {
    customer: { email: person.email, firstname: person.firstname, lastname: person.lastname, taxvat: afm },
    password: person.password,
  };
}

export async function post(t: TestApp, url: string, payload: unknown, options: { token?: string; ip?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: options.ip ?? nextIp(),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
  return { status: res.statusCode, body: json(res) };
}

export async function get(t: TestApp, url: string, token: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` }, remoteAddress: nextIp() });
  return { status: res.statusCode, body: json(res) };
}

export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const res = await post(t, '/api/client/user/login', { username: email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as string;
}

/** The mails to `to` written since `since` mails were in the outbox (waits for at least `count`). */
export async function mailsTo(t: TestApp, to: string, count = 1): Promise<OutboxSummary[]> {
  for (let waited = 0; waited < 5000; waited += 20) {
    const mails = t.outbox().filter((m) => m.to.toLowerCase() === to.toLowerCase());
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`expected ${count} mails to ${to}`);
}

/** Gives a (wrongly) sent mail time to appear before asserting there is none. */
export async function settleMails(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
}

/** The token of a link in a mail (`links[name]`), checking the link stays on our origin and page. */
export function linkToken(mail: OutboxSummary | undefined, name: string, page: string): string {
  const link = mail?.links?.[name];
  expect(link, `a ${name} link in "${mail?.subject}"`).toBeDefined();
  const url = new URL(link ?? '');
  expect(`${url.origin}${url.pathname}`).toBe(`http://shop.test${page}`);
  expect(mail?.text).toContain(link);
  return url.searchParams.get('token') ?? '';
}
