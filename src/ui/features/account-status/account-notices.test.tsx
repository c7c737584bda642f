// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Customer } from '../../../contracts/auth';
import { M } from '../../../contracts/messages';
import type { FakeBridge } from '../../testing/auth-test-harness';
import { createTestSession, customerWith, ok, refuse, renderAuthRoutes, SIGNED_IN, startFakeBridge } from '../../testing/auth-test-harness';
import { AccountNotices } from './account-notices';

const alpha = { id: 'b-1', company: 'Alpha AE', afm: '094259216', isSuperUser: false };
let bridge: FakeBridge;

beforeAll(async () => {
  bridge = await startFakeBridge();
});
afterAll(() => bridge.close());
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  bridge.routes.clear();
});

let profilesServed = 0;

async function showFor(customer: Customer) {
  bridge.routes.set('GET /api/bridge/user/me', () => {
    profilesServed += 1;
    return ok(customer);
  });
  renderAuthRoutes(createTestSession(bridge.baseUrl, SIGNED_IN), [], '/', { above: <AccountNotices /> });
  await screen.findByRole('heading', { level: 1, name: 'Home' });
  return userEvent.setup();
}

const region = () => screen.findByRole('region', { name: 'Account status' });
const pending = (company: string) => ({ id: 'jr-1', company, status: 'pending' as const, created_at: '2026-01-02T10:00:00.000Z' });

describe('account notices', () => {
  it('show nothing for a confirmed customer of a company', async () => {
    profilesServed = 0;
    await showFor(customerWith([alpha]));
    await waitFor(() => expect(profilesServed).toBe(1));
    // The answer is applied right after it arrives.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Account status' })).toBeNull();
  });

  it('ask an unconfirmed customer to open the link, and send it again on request', async () => {
    const resends: unknown[] = [];
    bridge.routes.set('POST /api/client/user/confirm-email/resend', (body) => {
      resends.push(body);
      return resends.length > 1 ? refuse(429, 'Rate limit exceeded') : ok(M.confirmationMailSent);
    });
    const user = await showFor({ ...customerWith([alpha]), email_confirmed: false });
    const notice = await region();
    expect(within(notice).getByText('Please confirm your email address')).toBeTruthy();
    expect(within(notice).getByText(/We sent a link to maria@example\.gr/)).toBeTruthy();
    await user.click(within(notice).getByRole('button', { name: 'Send the link again' }));
    expect(await within(notice).findByRole('status')).toHaveProperty('textContent', M.confirmationMailSent);
    expect(resends).toEqual([{ email: 'maria@example.gr' }]);
    // A refusal (the bridge limits resends) is said in our words, as an alert.
    await user.click(within(notice).getByRole('button', { name: 'Send the link again' }));
    expect(await within(notice).findByText(M.tooManyRequests)).toBeTruthy();
  });

  it('tell a customer of no company which company they are waiting for', async () => {
    await showFor({ ...customerWith([]), join_requests: [pending('ACME Τρόφιμα ΑΕ')] });
    expect(within(await region()).getByText('Waiting for approval by ACME Τρόφιμα ΑΕ')).toBeTruthy();
  });

  it('tell a turned-down customer, and one who asked nobody, that they belong to no company', async () => {
    await showFor({ ...customerWith([]), join_requests: [{ ...pending('ACME'), status: 'rejected' }] });
    expect(within(await region()).getByText('Your request to join ACME was not approved')).toBeTruthy();
    cleanup();
    await showFor(customerWith([]));
    expect(within(await region()).getByText('Your account does not belong to a company yet')).toBeTruthy();
  });
});
