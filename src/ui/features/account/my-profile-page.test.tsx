// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Customer } from '../../../contracts/auth';
import { M } from '../../../contracts/messages';
import type { FakeBridge } from '../../testing/auth-test-harness';
import { SIGNED_IN, createTestSession, customerWith, ok, refuse, renderAuthRoutes, startFakeBridge } from '../../testing/auth-test-harness';
import { Component as MyProfilePage } from './my-profile-page';

const alpha = { id: 'b-1', company: 'Alpha AE', afm: '094259216', isSuperUser: false };
const OLD_PASSWORD = 'Demo1234!';
const NEW_PASSWORD = 'Fresh-pass-42';

let bridge: FakeBridge;
let profile: Customer;
let accessToken: string;
const calls: { route: string; body: unknown; auth: string | undefined }[] = [];

beforeAll(async () => {
  bridge = await startFakeBridge();
});
afterAll(() => bridge.close());
beforeEach(() => {
  profile = customerWith([alpha]);
  accessToken = SIGNED_IN.accessToken;
  const signedIn = (auth: string | undefined) => auth === `Bearer ${accessToken}`;
  bridge.routes.set('GET /api/bridge/user/me', (_body, req) =>
    signedIn(req.headers.authorization) ? ok(profile) : refuse(401, M.notAuthorized),
  );
  bridge.routes.set('POST /api/bridge/user/me', (body, req) => {
    calls.push({ route: 'me', body, auth: req.headers.authorization });
    if (!signedIn(req.headers.authorization)) return refuse(401, M.notAuthorized);
    const { customer, current_password } = body as {
      customer: Pick<Customer, 'firstname' | 'lastname' | 'email'>;
      current_password?: string;
    };
    if (customer.email !== profile.email && current_password !== OLD_PASSWORD) return refuse(400, M.currentPasswordWrong);
    profile = { ...profile, firstname: customer.firstname, lastname: customer.lastname };
    return customer.email === profile.email ? ok(profile) : ok(profile, { email_change: 'confirmation_sent' });
  });
  bridge.routes.set('POST /api/client/user/password/change', (body, req) => {
    calls.push({ route: 'change', body, auth: req.headers.authorization });
    if (!signedIn(req.headers.authorization)) return refuse(401, M.notAuthorized);
    if ((body as { old_password: string }).old_password !== OLD_PASSWORD) return refuse(400, M.oldPasswordWrong);
    // Every session of the customer ends, this one too.
    accessToken = 'revoked';
    return ok(M.passwordChanged);
  });
  bridge.routes.set('POST /api/client/user/refresh', () => refuse(401, M.tokenRefreshFailed));
  bridge.routes.set('POST /api/client/user/login', (body) => {
    calls.push({ route: 'login', body, auth: undefined });
    const { password } = body as { password: string };
    if (password !== NEW_PASSWORD) return refuse(401, M.wrongCredentials);
    accessToken = 'access-new';
    return ok('access-new', { refreshToken: 'refresh-new', expiresIn: 900, userData: { buyers: [alpha] } });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
  bridge.routes.clear();
  calls.length = 0;
});

async function openPage() {
  const controller = createTestSession(bridge.baseUrl, SIGNED_IN);
  controller.start();
  renderAuthRoutes(controller, [], '/my-account/my-profile', {
    protectedPages: [{ path: '/my-account/my-profile', Component: MyProfilePage }],
  });
  await screen.findByRole('heading', { level: 1, name: 'My profile' });
  const profileForm = await screen.findByRole('form', { name: 'Name and email' });
  const passwordForm = screen.getByRole('form', { name: 'Change password' });
  return { controller, profileForm, passwordForm, user: userEvent.setup() };
}

describe('my profile: name and email', () => {
  it('saves new names at once, without the password, and the session shows them', async () => {
    const { controller, profileForm, user } = await openPage();
    const first = within(profileForm).getByLabelText('First name');
    await waitFor(() => expect((first as HTMLInputElement).value).toBe('Maria'));
    await user.clear(first);
    await user.type(first, 'Μαρίνα');
    expect(within(profileForm).queryByLabelText('Current password')).toBeNull();
    await user.click(within(profileForm).getByRole('button', { name: 'Save changes' }));
    expect(await within(profileForm).findByText(M.profileUpdated)).toBeTruthy();
    expect(calls).toEqual([
      {
        route: 'me',
        body: { customer: { firstname: 'Μαρίνα', lastname: 'Papadopoulou', email: 'maria@example.gr' } },
        auth: 'Bearer access-stored',
      },
    ]);
    expect(controller.store.get().customer?.firstname).toBe('Μαρίνα');
  });

  it('asks for the current password for a new email and says a link was sent', async () => {
    const { profileForm, user } = await openPage();
    const email = within(profileForm).getByLabelText('Email');
    await waitFor(() => expect((email as HTMLInputElement).value).toBe('maria@example.gr'));
    await user.clear(email);
    await user.type(email, 'Maria.New@Example.gr');
    await user.click(within(profileForm).getByRole('button', { name: 'Save changes' }));
    // Refused in the browser until the current password is given.
    const password = within(profileForm).getByLabelText('Current password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    await user.type(password, 'wrong-one');
    await user.click(within(profileForm).getByRole('button', { name: 'Save changes' }));
    expect(await within(profileForm).findByRole('alert')).toHaveProperty('textContent', M.currentPasswordWrong);
    expect((within(profileForm).getByLabelText('Email') as HTMLInputElement).value).toBe('Maria.New@Example.gr');
    await user.clear(within(profileForm).getByLabelText('Current password'));
    await user.type(within(profileForm).getByLabelText('Current password'), OLD_PASSWORD);
    await user.click(within(profileForm).getByRole('button', { name: 'Save changes' }));
    expect(await within(profileForm).findByText(M.emailChangeSent)).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({
      customer: { firstname: 'Maria', lastname: 'Papadopoulou', email: 'maria.new@example.gr' },
      current_password: OLD_PASSWORD,
    });
    // The address changes only once the link is opened: the form shows the current one again.
    expect((within(profileForm).getByLabelText('Email') as HTMLInputElement).value).toBe('maria@example.gr');
  });

  it('is refused offline, keeping what was typed', async () => {
    const { profileForm, user } = await openPage();
    const last = within(profileForm).getByLabelText('Last name');
    await waitFor(() => expect((last as HTMLInputElement).value).toBe('Papadopoulou'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.clear(last);
    await user.type(last, 'Οικονόμου');
    await user.click(within(profileForm).getByRole('button', { name: 'Save changes' }));
    expect(await within(profileForm).findByText(M.checkNetwork)).toBeTruthy();
    expect((within(profileForm).getByLabelText('Last name') as HTMLInputElement).value).toBe('Οικονόμου');
    expect(calls).toEqual([]);
  });
});

describe('my profile: change password', () => {
  async function fill(form: HTMLElement, user: ReturnType<typeof userEvent.setup>, old: string) {
    await user.type(within(form).getByLabelText('Current password'), old);
    await user.type(within(form).getByLabelText('New password'), NEW_PASSWORD);
    await user.type(within(form).getByLabelText('Confirm new password'), NEW_PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
  }

  it('checks the rules in the browser first', async () => {
    const { passwordForm, user } = await openPage();
    await user.type(within(passwordForm).getByLabelText('Current password'), OLD_PASSWORD);
    await user.type(within(passwordForm).getByLabelText('New password'), 'short');
    await user.type(within(passwordForm).getByLabelText('Confirm new password'), 'other');
    await user.click(within(passwordForm).getByRole('button', { name: 'Change password' }));
    expect(await within(passwordForm).findByText(M.passwordRule)).toBeTruthy();
    expect(within(passwordForm).getByText(M.passwordsDiffer)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows the bridge's refusal and keeps the fields, then changes it and signs in again with the new password", async () => {
    const { controller, passwordForm, user } = await openPage();
    await fill(passwordForm, user, 'Wrong-pass-1');
    expect(await within(passwordForm).findByRole('alert')).toHaveProperty('textContent', M.oldPasswordWrong);
    expect((within(passwordForm).getByLabelText('New password') as HTMLInputElement).value).toBe(NEW_PASSWORD);
    await user.clear(within(passwordForm).getByLabelText('Current password'));
    await user.type(within(passwordForm).getByLabelText('Current password'), OLD_PASSWORD);
    await user.click(within(passwordForm).getByRole('button', { name: 'Change password' }));
    expect(await within(passwordForm).findByText(M.passwordChanged)).toBeTruthy();
    expect(calls.map((c) => c.route)).toEqual(['change', 'change', 'login']);
    expect(calls.at(-1)?.body).toEqual({ username: 'maria@example.gr', password: NEW_PASSWORD });
    expect(controller.bridge.tokens.read()?.refreshToken).toBe('refresh-new');
    expect(controller.store.get().status).toBe('authenticated');
    expect((within(passwordForm).getByLabelText('New password') as HTMLInputElement).value).toBe('');
    // The new session works for the next call.
    await user.click(within(screen.getByRole('form', { name: 'Name and email' })).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(M.profileUpdated)).toBeTruthy();
    expect(calls.at(-1)?.auth).toBe('Bearer access-new');
  });

  it('is refused offline with the password screens’ words, keeping what was typed', async () => {
    const { passwordForm, user } = await openPage();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await fill(passwordForm, user, OLD_PASSWORD);
    expect(await within(passwordForm).findByText(M.resetOffline)).toBeTruthy();
    expect((within(passwordForm).getByLabelText('Current password') as HTMLInputElement).value).toBe(OLD_PASSWORD);
    expect(calls).toEqual([]);
  });
});
