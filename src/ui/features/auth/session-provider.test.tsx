// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { Customer } from '../../../contracts/auth';
import { M } from '../../../contracts/messages';
import { createAppBridge } from '../../../replication/app-bridge';
import type { CookieJar } from '../../../replication/logged-in-cookie';
import { hasLoggedInCookie, setLoggedInCookie } from '../../../replication/logged-in-cookie';
import { networkError } from '../../../replication/bridge-error';
import { createLogoutQueue, PENDING_LOGOUTS_KEY, type LogoutQueue } from '../../../replication/logout-queue';
import { createMemoryProfileCache } from '../../../replication/profile-cache';
import type { TokenPair } from '../../../replication/token-store';
import { createMemoryTokenStore } from '../../../replication/token-store';
import type { FakeBridge } from '../../testing/auth-test-harness';
import { customerWith, ok, refuse, startFakeBridge } from '../../testing/auth-test-harness';
import { Component as LoginPage } from './login-page';
import { NotificationsProvider } from '../../shared/notifications/notifications';
import { RequireAuth } from './require-auth';
import { SessionController } from '../../shared/session/session-controller';
import { SessionProvider, useSession } from '../../shared/session/session-context';

const alpha = { id: 'b-1', company: 'Alpha AE', afm: '094259216', isSuperUser: true };
const STORED: TokenPair = { accessToken: 'access-old', refreshToken: 'refresh-old', expiresAt: Date.now() + 600_000 };
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

function cookieJar(): CookieJar & { value: string } {
  const jar = { value: '', get: () => jar.value, set: (cookie: string) => void (jar.value = cookie.split(';')[0] ?? '') };
  return jar;
}

function setup(
  options: {
    tokens?: TokenPair | null;
    cached?: Customer | null;
    baseUrl?: string;
    logouts?: LogoutQueue;
    prepareSignedIn?: () => void;
    sessionWork?: { start(): void; stop(): void };
  } = {},
) {
  const cookies = cookieJar();
  const tokens = createMemoryTokenStore(options.tokens ?? null);
  const profiles = createMemoryProfileCache(options.cached ?? null);
  let reloads = 0;
  const app = createAppBridge({ fetch: (input, init) => fetch(input, init), baseUrl: options.baseUrl ?? bridge.baseUrl, tokens, cookies });
  const controller = new SessionController({
    bridge: app,
    storage: window.localStorage,
    profiles,
    reload: () => void (reloads += 1),
    ...(options.logouts ? { logouts: options.logouts } : {}),
    ...(options.prepareSignedIn ? { prepareSignedIn: options.prepareSignedIn } : {}),
    ...(options.sessionWork ? { sessionWork: options.sessionWork } : {}),
  });
  return { controller, cookies, tokens, profiles, reloads: () => reloads };
}

function Home() {
  const { customer, logout } = useSession();
  return (
    <>
      <h1>Home</h1>
      <p>{customer?.firstname ?? 'no profile'}</p>
      <button type="button" onClick={() => void logout()}>
        Log out
      </button>
    </>
  );
}

function renderApp(controller: SessionController, path: string) {
  const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider controller={controller}>
            <Outlet />
          </SessionProvider>
        ),
        children: [
          { path: '/login', Component: LoginPage },
          {
            element: <RequireAuth />,
            children: [
              { index: true, element: <Home /> },
              { path: '/orders', element: <h1>Orders</h1> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nProvider i18n={i18n}>
      <NotificationsProvider>
        <RouterProvider router={router} />
      </NotificationsProvider>
    </I18nProvider>,
  );
  return router;
}

describe('session', () => {
  it('sends a visitor to /login and, after login, to the page they wanted', async () => {
    bridge.routes.set('POST /api/client/user/login', () =>
      ok('access-1', { refreshToken: 'r-1', expiresIn: 900, userData: { buyers: [alpha] } }),
    );
    bridge.routes.set('GET /api/bridge/user/me', () => ok(customerWith([alpha])));
    const { controller, cookies, tokens } = setup();
    const router = renderApp(controller, '/orders');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'maria@example.gr');
    await user.type(screen.getByLabelText('Password'), 'Right-pass-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/orders');
    expect(hasLoggedInCookie(cookies)).toBe(true);
    expect(tokens.read()?.accessToken).toBe('access-1');
  });

  it('gets the signed-in start ready while the bridge checks the password', async () => {
    let prepared = 0;
    const preparedWhenAsked: number[] = [];
    bridge.routes.set('POST /api/client/user/login', () => {
      preparedWhenAsked.push(prepared);
      return ok('access-1', { refreshToken: 'r-1', expiresIn: 900, userData: { buyers: [alpha] } });
    });
    bridge.routes.set('GET /api/bridge/user/me', () => ok(customerWith([alpha])));
    const { controller } = setup({ prepareSignedIn: () => void (prepared += 1) });
    await controller.login('maria@example.gr', 'Right-pass-1');
    expect(preparedWhenAsked).toEqual([1]);
  });

  it("starts the session's work with the tokens, before the profile arrives, and undoes it when the profile cannot load", async () => {
    const calls: string[] = [];
    const sessionWork = { start: () => void calls.push('start'), stop: () => void calls.push('stop') };
    bridge.routes.set('POST /api/client/user/login', () =>
      ok('access-1', { refreshToken: 'r-1', expiresIn: 900, userData: { buyers: [alpha] } }),
    );
    bridge.routes.set('GET /api/bridge/user/me', (_body, req) => {
      calls.push(`profile asked with ${req.headers.authorization ?? 'no token'}`);
      return ok(customerWith([alpha]));
    });
    const { controller } = setup({ sessionWork });
    await controller.login('maria@example.gr', 'Right-pass-1');
    expect(calls).toEqual(['start', 'profile asked with Bearer access-1']);
    expect(controller.store.get().status).toBe('authenticated');

    calls.length = 0;
    bridge.routes.set('GET /api/bridge/user/me', () => refuse(500, M.technicalIssue));
    const failing = setup({ sessionWork });
    await expect(failing.controller.login('maria@example.gr', 'Right-pass-1')).rejects.toMatchObject({ code: 500 });
    expect(calls).toEqual(['start', 'stop']);
    expect(failing.tokens.read()).toBeNull();
    expect(failing.controller.store.get().status).toBe('anonymous');
    // The undone sign-in's session is ended on the bridge like any logout.
    const ended: unknown[] = [];
    bridge.routes.set('POST /api/client/user/logout', (body) => {
      ended.push(body);
      return ok(M.loggedOut);
    });
    await failing.controller.deliverLogouts();
    expect(ended).toEqual([{ refreshToken: 'r-1' }]);
  });

  it('logs out: tokens and cookie gone, "You\'re logged out" shown, back at /login, the session ended on the bridge', async () => {
    bridge.routes.set('GET /api/bridge/user/me', () => ok(customerWith([alpha])));
    const ended: unknown[] = [];
    bridge.routes.set('POST /api/client/user/logout', (body) => {
      ended.push(body);
      return ok(M.loggedOut);
    });
    const { controller, cookies, tokens, profiles } = setup({ tokens: STORED });
    setLoggedInCookie(cookies);
    const router = renderApp(controller, '/');
    await screen.findByText('Maria');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByText(M.loggedOut)).toBeTruthy();
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(tokens.read()).toBeNull();
    expect(hasLoggedInCookie(cookies)).toBe(false);
    expect(profiles.customer).toBeNull();
    await waitFor(() => expect(ended).toEqual([{ refreshToken: 'refresh-old' }]));
    expect(window.localStorage.getItem(PENDING_LOGOUTS_KEY)).toBeNull();
  });

  it('a logout made offline is sent when the browser is back online', async () => {
    bridge.routes.set('GET /api/bridge/user/me', () => ok(customerWith([alpha])));
    const sent: string[] = [];
    let online = false;
    const logouts = createLogoutQueue({
      storage: window.localStorage,
      now: () => Date.now(),
      send: (refreshToken) => {
        sent.push(refreshToken);
        return online ? Promise.resolve() : Promise.reject(networkError());
      },
    });
    const { controller, tokens } = setup({ tokens: STORED, logouts });
    renderApp(controller, '/');
    await screen.findByText('Maria');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText(M.loggedOut)).toBeTruthy();
    expect(tokens.read()).toBeNull();
    await waitFor(() => expect(sent).toEqual(['refresh-old']));
    expect(logouts.pending()).toEqual(['refresh-old']);

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(logouts.pending()).toEqual([]));
    expect(sent).toEqual(['refresh-old', 'refresh-old']);
  });

  it('starts offline with the cached profile when the bridge cannot be reached', async () => {
    const { controller } = setup({ tokens: STORED, cached: customerWith([alpha]), baseUrl: 'http://127.0.0.1:1' });
    renderApp(controller, '/');
    expect(await screen.findByText('Maria')).toBeTruthy();
    expect(controller.store.get().status).toBe('authenticated');
    expect(controller.store.get().selectedBuyerId).toBe('b-1');
  });

  it('a session whose refresh is refused goes home, clears the buyer data once and shows the login modal', async () => {
    bridge.routes.set('GET /api/bridge/user/me', (_b, req) =>
      req.headers.authorization === 'Bearer access-2' ? ok(customerWith([alpha])) : refuse(401, M.notAuthorized),
    );
    bridge.routes.set('POST /api/client/user/refresh', () => refuse(401, M.notAuthorized));
    bridge.routes.set('POST /api/client/user/login', () =>
      ok('access-2', { refreshToken: 'r-2', expiresIn: 900, userData: { buyers: [alpha] } }),
    );
    const { controller, tokens, profiles } = setup({ tokens: STORED });
    const router = renderApp(controller, '/orders');

    const modal = await screen.findByRole('dialog', { name: 'Log in' });
    expect(router.state.location.pathname).toBe('/');
    expect(modal.textContent).toContain(M.tokenRefreshFailed);
    expect(tokens.read()).toBeNull();
    await waitFor(() => expect(profiles.clears).toBe(1));
    expect(screen.queryByText(M.loggedOut)).toBeNull();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'maria@example.gr');
    await user.type(screen.getByLabelText('Password'), 'Right-pass-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Maria')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Log in' })).toBeNull();
  });

  it('a logged-in cookie without a token logs out silently and reloads', async () => {
    const { controller, cookies, reloads } = setup();
    setLoggedInCookie(cookies);
    renderApp(controller, '/');
    await waitFor(() => expect(reloads()).toBe(1));
    expect(hasLoggedInCookie(cookies)).toBe(false);
    expect(screen.queryByText(M.loggedOut)).toBeNull();
  });
});
