import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { render } from '@testing-library/react';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { Customer } from '../../contracts/auth';
import { createAppBridge } from '../../replication/app-bridge';
import type { CookieJar } from '../../replication/logged-in-cookie';
import { createMemoryProfileCache } from '../../replication/profile-cache';
import { createMemoryTokenStore } from '../../replication/token-store';
import type { TokenPair } from '../../replication/token-store';
import { NotificationsProvider } from '../shared/notifications/notifications';
import { RequireAuth } from '../features/auth/require-auth';
import { SessionController } from '../shared/session/session-controller';
import { SessionProvider } from '../shared/session/session-context';

/** Test support for the auth screens: a real HTTP bridge stand-in and the app's providers around a page. */

export type FakeRoute = (body: unknown, req: IncomingMessage) => { status: number; body: unknown };

export interface FakeBridge {
  baseUrl: string;
  routes: Map<string, FakeRoute>;
  close(): Promise<void>;
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeBridge(): Promise<FakeBridge> {
  const routes = new Map<string, FakeRoute>();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const route = routes.get(`${req.method} ${req.url}`);
      if (!route) return reply(res, 404, { code: 404, errors: [{ description: 'Route not found' }] });
      const answer = route(raw ? (JSON.parse(raw) as unknown) : undefined, req);
      reply(res, answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    routes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const ok = (result: unknown, meta?: unknown) => ({ status: 200, body: { code: 200, result, meta } });
export const refuse = (status: number, description: string) => ({ status, body: { code: status, errors: [{ description }] } });

export function customerWith(buyers: Customer['buyers']): Customer {
  return {
    id: 'c-1',
    email: 'maria@example.gr',
    firstname: 'Maria',
    lastname: 'Papadopoulou',
    isAdmin: false,
    show_prices_with_vat: false,
    group_id: 1,
    default_shipping: null,
    buyers,
    email_confirmed: true,
    join_requests: [],
  };
}

function memoryCookies(): CookieJar {
  let value = '';
  return {
    get: () => value,
    set: (cookie) => {
      value = cookie.split(';')[0] ?? '';
    },
  };
}

/** A stored token pair: a session built with it starts signed in and loads GET /api/bridge/user/me. */
export const SIGNED_IN: TokenPair = { accessToken: 'access-stored', refreshToken: 'refresh-stored', expiresAt: Date.now() + 3_600_000 };

export function createTestSession(baseUrl: string, tokens: TokenPair | null = null): SessionController {
  const bridge = createAppBridge({
    fetch: (input, init) => fetch(input, init),
    baseUrl,
    tokens: createMemoryTokenStore(tokens),
    cookies: memoryCookies(),
  });
  return new SessionController({ bridge, storage: window.localStorage, profiles: createMemoryProfileCache(), reload: () => undefined });
}

export interface RenderOptions {
  /** Pages behind login, beside the protected home. */
  protectedPages?: RouteObject[];
  /** Element rendered above every protected page (a layout part under test). */
  above?: ReactNode;
  /** React's StrictMode, which runs effects twice in development. */
  strict?: boolean;
}

/** Renders `pages` (open routes) plus a protected home "Home" with the session, notifications and Lingui. */
export function renderAuthRoutes(controller: SessionController, pages: RouteObject[], initialPath: string, options: RenderOptions = {}) {
  const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
  const routes: RouteObject[] = [
    {
      element: (
        <SessionProvider controller={controller}>
          <Outlet />
        </SessionProvider>
      ),
      children: [
        ...pages,
        {
          element: <RequireAuth />,
          children: [
            {
              element: (
                <>
                  {options.above}
                  <Outlet />
                </>
              ),
              children: [{ index: true, element: <h1>Home</h1> }, ...(options.protectedPages ?? [])],
            },
          ],
        },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const tree = (
    <I18nProvider i18n={i18n}>
      <NotificationsProvider>
        <RouterProvider router={router} />
      </NotificationsProvider>
    </I18nProvider>
  );
  return render(options.strict ? <StrictMode>{tree}</StrictMode> : tree);
}
