// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { M } from '../../../contracts/messages';
import type { FakeBridge } from '../../testing/auth-test-harness';
import { createTestSession, customerWith, ok, refuse, renderAuthRoutes, startFakeBridge } from '../../testing/auth-test-harness';
import { Component as LoginPage } from './login-page';

const PASSWORD = 'Right-pass-1';
let bridge: FakeBridge;

beforeAll(async () => {
  bridge = await startFakeBridge();
});
afterAll(() => bridge.close());
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

function serveAccount(buyers: Parameters<typeof customerWith>[0]) {
  bridge.routes.set('POST /api/client/user/login', (body) => {
    const { password } = body as { password: string };
    if (password !== PASSWORD) return refuse(401, M.wrongCredentials);
    return ok('access-1', { refreshToken: 'refresh-1', expiresIn: 900, userData: { buyers } });
  });
  bridge.routes.set('GET /api/bridge/user/me', (_body, req) =>
    req.headers.authorization === 'Bearer access-1' ? ok(customerWith(buyers)) : refuse(401, M.notAuthorized),
  );
}

const alpha = { id: 'b-1', company: 'Alpha AE', afm: '094259216', isSuperUser: true };
const beta = { id: 'b-2', company: 'Beta OE', afm: '090000045', isSuperUser: true };

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('login page', () => {
  it('shows the server message for wrong credentials and keeps the typed email', async () => {
    serveAccount([alpha]);
    renderAuthRoutes(createTestSession(bridge.baseUrl), [{ path: '/login', Component: LoginPage }], '/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });

    await submit('maria@example.gr', 'Wrong-pass-1');

    const message = await screen.findByText('Your email or password is incorrect');
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'maria@example.gr');
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
  });

  it('marks an empty field invalid and describes the error, without calling the bridge', async () => {
    renderAuthRoutes(createTestSession(bridge.baseUrl), [{ path: '/login', Component: LoginPage }], '/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(M.required);
    expect(document.activeElement).toBe(email);
  });

  it('signs a one-company customer in and goes home with that company selected', async () => {
    serveAccount([alpha]);
    const session = createTestSession(bridge.baseUrl);
    renderAuthRoutes(session, [{ path: '/login', Component: LoginPage }], '/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await submit('maria@example.gr', PASSWORD);

    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Select buyer' })).toBeNull();
    expect(session.store.get().selectedBuyerId).toBe('b-1');
  });

  it('asks a customer of two companies to choose one and remembers the choice for the next login', async () => {
    serveAccount([alpha, beta]);
    const session = createTestSession(bridge.baseUrl);
    renderAuthRoutes(session, [{ path: '/login', Component: LoginPage }], '/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    const user = await submit('maria@example.gr', PASSWORD);

    const dialog = await screen.findByRole('dialog', { name: 'Select buyer' });
    const choices = dialog.querySelectorAll('button');
    expect([...choices].map((b) => b.textContent)).toEqual(['Alpha AE', 'Beta OE']);
    await user.click(screen.getByRole('button', { name: 'Beta OE' }));
    expect(screen.queryByRole('dialog', { name: 'Select buyer' })).toBeNull();
    expect(session.store.get().selectedBuyerId).toBe('b-2');

    await session.logout({ silent: true });
    cleanup();
    const again = createTestSession(bridge.baseUrl);
    renderAuthRoutes(again, [{ path: '/login', Component: LoginPage }], '/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await submit('maria@example.gr', PASSWORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Select buyer' })).toBeNull();
    expect(again.store.get().selectedBuyerId).toBe('b-2');
  });
});
