// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { M } from '../../../contracts/messages';
import type { FakeBridge } from '../../testing/auth-test-harness';
import { createTestSession, ok, refuse, renderAuthRoutes, startFakeBridge } from '../../testing/auth-test-harness';
import { Component as ForgotPasswordPage } from './forgot-password-page';
import { Component as LoginPage } from './login-page';
import { Component as ResetPasswordPage } from './reset-password-page';

let bridge: FakeBridge;
const requests: unknown[] = [];

beforeAll(async () => {
  bridge = await startFakeBridge();
  bridge.routes.set('POST /api/client/user/password/request-reset', (body) => {
    requests.push(body);
    return ok(null);
  });
  bridge.routes.set('POST /api/client/user/password/reset', (body) => {
    requests.push(body);
    const { token } = body as { token: string };
    return token === 'good-token' ? ok(null) : refuse(400, M.tokenExpired);
  });
});
afterAll(() => bridge.close());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  requests.length = 0;
});

const pages = [
  { path: '/login', Component: LoginPage },
  { path: '/forgot-password', Component: ForgotPasswordPage },
  { path: '/reset-password', Component: ResetPasswordPage },
];

describe('forgot password page', () => {
  it('sends the link and says so without revealing whether the account exists', async () => {
    renderAuthRoutes(createTestSession(bridge.baseUrl), pages, '/forgot-password');
    await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'maria@example.gr');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(M.resetMailSent)).toBeTruthy();
    expect(requests).toEqual([{ email: 'maria@example.gr' }]);
  });

  it('refuses while offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderAuthRoutes(createTestSession(bridge.baseUrl), pages, '/forgot-password');
    await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'maria@example.gr');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(M.resetOffline)).toBeTruthy();
    expect(requests).toEqual([]);
  });
});

describe('reset password page', () => {
  async function submitNewPassword(path: string, password = 'New-pass-42') {
    renderAuthRoutes(createTestSession(bridge.baseUrl), pages, path);
    await screen.findByRole('heading', { level: 1, name: 'Reset password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm password'), password);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('changes the password, announces it and goes to the login page', async () => {
    await submitNewPassword('/reset-password?token=good-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(screen.getByText(M.passwordChanged)).toBeTruthy();
    expect(requests).toEqual([{ password: 'New-pass-42', confirm_password: 'New-pass-42', token: 'good-token' }]);
  });

  it('explains an expired link and offers a new one', async () => {
    await submitNewPassword('/reset-password?token=used-token');
    expect(await screen.findByText(M.tokenExpired)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('shows the password rule for a weak password', async () => {
    await submitNewPassword('/reset-password?token=good-token', 'password');
    expect(await screen.findByText(M.passwordRule)).toBeTruthy();
    expect(requests).toEqual([]);
  });
});
