import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type TestCustomer } from './helpers/factory';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A reset mail's link carries a token that sets a new password, so it must open our own reset page and
 * nothing else, whatever `url` the request names. Each crafted value goes through the real endpoint and the
 * mailed link is read back from the outbox.
 */
let t: TestApp;
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const OUR_ORIGIN = 'http://shop.test';
const ALLOWED = ['/reset-password', '/de/reset-password', '/it/reset-password'];

const CRAFTED = [
  // Our origin with a path that starts with `//`: rebuilt as a URL, it is protocol-relative (another host).
  'http://shop.test//evil.example/reset-password',
  'http://shop.test/.//evil.example/reset-password',
  '/.//evil.example/reset-password',
  '/reset-password/..//evil.example',
  'http://shop.test/\\evil.example/reset-password',
  '//evil.example/reset-password',
  '///evil.example/reset-password',
  '////evil.example',
  '/\\evil.example/reset-password',
  '\\\\evil.example/reset-password',
  '\\/evil.example',
  '/%2F%2Fevil.example/reset-password',
  '%2F%2Fevil.example',
  '/%5Cevil.example',
  'https://evil.example/reset-password',
  'http://evil.example/reset-password',
  'HTTP://EVIL.EXAMPLE/reset-password',
  'https:evil.example/reset-password',
  'http:/\\evil.example',
  'javascript:alert(document.cookie)',
  'JaVaScRiPt:alert(1)//reset-password',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://evil.example/reset-password',
  'http://shop.test@evil.example/reset-password',
  'http://shop.test:80@evil.example/reset-password',
  'http://evil.example#@shop.test/reset-password',
  'http://evil.example?@shop.test/reset-password',
  'http://shop.test.evil.example/reset-password',
  'http://xn--shp-zna.test/reset-password',
  'http://shöp.test/reset-password',
  'http://ѕhop.test/reset-password',
  'http://shop.test:8443/reset-password',
  'https://shop.test/reset-password',
  '\t//evil.example/reset-password',
  '/\t/evil.example/reset-password',
  '/\n/evil.example',
  ' //evil.example',
  '/\r\n/evil.example',
  '/reset-password/../../../evil.example',
  '/reset-password?next=//evil.example',
  '/reset-password#//evil.example',
  '/%2e%2e/%2e%2e/evil.example',
  'http://[::1]/reset-password',
  'http://127.0.0.1/reset-password',
  'http://0x7f.1/reset-password',
  '//%65vil.example/reset-password',
  '/de/../reset-password/..%2f..%2fevil',
  '/el/reset-password',
  'reset-password',
  '',
  '   ',
  'http://',
  ':',
  '\u202e//evil.example',
  '/reset-password\\..\\evil',
  'http://shop.test/login',
  '/my-account',
];

/** A fresh account and address per request: reset mails are limited per mailbox and per address. */
async function mailedLinkFor(url: string): Promise<string> {
  const user: TestCustomer = await createCustomer(t.db);
  const before = t.outbox().length;
  ipCounter += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/client/user/password/request-reset',
    payload: { email: user.email, url },
    remoteAddress: `10.40.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`,
  });
  expect(res.statusCode, `request-reset with url ${JSON.stringify(url)}`).toBe(200);
  const mails = await t.waitForMails(before + 1);
  return mails.at(-1)?.links?.reset ?? '';
}

describe('reset links stay on our origin', () => {
  it(`mails our own reset page for each of ${CRAFTED.length} crafted urls`, async () => {
    const escaped: string[] = [];
    for (const url of CRAFTED) {
      const link = await mailedLinkFor(url);
      const parsed = new URL(link);
      const token = parsed.searchParams.get('token') ?? '';
      const exact = `${OUR_ORIGIN}${parsed.pathname}?${new URLSearchParams({ token }).toString()}`;
      const ok =
        parsed.origin === OUR_ORIGIN &&
        ALLOWED.includes(parsed.pathname) &&
        token.length > 30 &&
        link === exact &&
        parsed.username === '' &&
        parsed.hash === '';
      if (!ok) escaped.push(`${JSON.stringify(url)} -> ${link}`);
    }
    expect(escaped).toEqual([]);
  });

  it('refuses a url with a NUL byte (as every input) and mails nothing', async () => {
    const user = await createCustomer(t.db);
    const before = t.outbox().length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/user/password/request-reset',
      payload: { email: user.email, url: '/reset-password\u0000//evil.example' },
      remoteAddress: '10.41.0.1',
    });
    expect(res.statusCode).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.outbox()).toHaveLength(before);
  });

  it('lets the client choose only among the allowed reset pages', async () => {
    expect(new URL(await mailedLinkFor('/it/reset-password')).pathname).toBe('/it/reset-password');
    expect(new URL(await mailedLinkFor('http://shop.test/de/reset-password?x=1')).pathname).toBe('/de/reset-password');
    expect(new URL(await mailedLinkFor('//evil.example/de/reset-password')).pathname).toBe('/reset-password');
  });
});
