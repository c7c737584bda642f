// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { M } from '../../../contracts/messages';
import { AccountNotices } from './account-notices';
import type { FakeBridge } from '../../testing/auth-test-harness';
import { createTestSession, customerWith, ok, refuse, renderAuthRoutes, SIGNED_IN, startFakeBridge } from '../../testing/auth-test-harness';
import { Component as ConfirmEmailPage } from './confirm-email-page';

const alpha = { id: 'b-1', company: 'Alpha AE', afm: '094259216', isSuperUser: true };
let bridge: FakeBridge;
let confirmCalls: string[] = [];
let resends: unknown[] = [];
let confirmed = false;

beforeAll(async () => {
  bridge = await startFakeBridge();
});
afterAll(() => bridge.close());
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  confirmCalls = [];
  resends = [];
  confirmed = false;
});

type Answer = { status: number; body: unknown };

function serve(answers: Record<string, () => Answer>) {
  bridge.routes.set('POST /api/client/user/confirm-email', (body) => {
    const { token } = body as { token: string };
    confirmCalls.push(token);
    const answer: Answer = answers[token]?.() ?? refuse(400, M.tokenExpired);
    if (answer.status === 200) confirmed = true;
    return answer;
  });
  bridge.routes.set('POST /api/client/user/confirm-email/resend', (body) => {
    resends.push(body);
    return ok(M.confirmationMailSent);
  });
  // The first profile (loaded when the session starts) is always the unconfirmed one: only a reload after
  // the confirmation can make the notice go away.
  let meCalls = 0;
  bridge.routes.set('GET /api/bridge/user/me', () => {
    meCalls += 1;
    return ok({ ...customerWith([alpha]), email_confirmed: meCalls > 1 && confirmed });
  });
}

function open(token: string, signedIn: boolean) {
  const controller = createTestSession(bridge.baseUrl, signedIn ? SIGNED_IN : null);
  renderAuthRoutes(controller, [{ path: '/confirm-email', Component: ConfirmEmailPage }], `/confirm-email?token=${token}`, {
    strict: true,
    above: <AccountNotices />,
  });
  return userEvent.setup();
}

describe('confirm-email page', () => {
  it('spends the token once (even under StrictMode) and says the address is confirmed', async () => {
    serve({ 'good-token': () => ok(M.emailConfirmed) });
    open('good-token', false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Email confirmation' })).toBeTruthy();
    expect(await screen.findByText(M.emailConfirmed)).toBeTruthy();
    expect(confirmCalls).toEqual(['good-token']);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('a signed-in customer sees the notice go away once the address is confirmed', async () => {
    serve({ 'later-token': () => ok(M.emailConfirmed) });
    const user = open('later-token', true);
    expect(await screen.findByText(M.emailConfirmed)).toBeTruthy();
    await user.click(await screen.findByRole('link', { name: 'Continue to the shop' }));
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await waitFor(() => expect(screen.queryByText('Please confirm your email address')).toBeNull());
    expect(confirmCalls).toEqual(['later-token']);
  });

  it('an expired link offers a new one to the signed-in customer whose address is still unconfirmed', async () => {
    serve({});
    const user = open('old-token', true);
    expect(await screen.findByText(M.tokenExpired)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(M.confirmationMailSent)).toBeTruthy();
    expect(resends).toEqual([{ email: 'maria@example.gr' }]);
  });

  it('tells a visitor without a session how to get a new link, and says clearly when the address was taken', async () => {
    serve({ 'race-token': () => refuse(409, M.emailTaken) });
    open('missing', false);
    expect(await screen.findByText(M.tokenExpired)).toBeTruthy();
    expect(screen.getByText('Log in to ask for a new link.')).toBeTruthy();
    cleanup();
    open('race-token', false);
    expect(await screen.findByText(M.emailTaken)).toBeTruthy();
  });

  it('after a network failure the same token can be tried again', async () => {
    let fail = true;
    serve({
      'flaky-token': () => (fail ? refuse(503, M.technicalIssue) : ok(M.emailChanged)),
    });
    const user = open('flaky-token', false);
    expect(await screen.findByText(M.technicalIssue)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(M.emailChanged)).toBeTruthy();
    expect(confirmCalls).toEqual(['flaky-token', 'flaky-token']);
  });

  it('without a token says the link is invalid and asks nothing of the bridge', async () => {
    serve({});
    open('', false);
    expect(await screen.findByText(M.tokenExpired)).toBeTruthy();
    expect(confirmCalls).toEqual([]);
  });
});
