import { useMemo } from 'react';
import { Outlet, RouterProvider, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { getBrowserBridge } from '../replication/app-bridge';
import { getBrowserCatalogSync } from './shared/catalog-sync/browser-catalog-sync';
import { LocaleProvider } from './shared/i18n/locale-provider';
import { NotificationsProvider } from './shared/notifications/notifications';
import { getBrowserSession } from './shared/session/browser-session';
import { SessionProvider } from './shared/session/session-context';
import { UpdatePrompt } from './pwa/update-prompt';
import { buildRoutes } from './route-table';

/** The session, which starts the catalogue's first sync as soon as a sign-in's tokens are stored (decision 037). */
function browserSession() {
  const sync = () => getBrowserCatalogSync(getBrowserBridge());
  return getBrowserSession({ sessionWork: { start: () => sync().start(), stop: () => sync().stop() } });
}

/** The session lives inside the router so that it can navigate (home after a failed refresh, docs/product-rules.md §4). */
function SessionRoot() {
  const controller = useMemo(() => browserSession(), []);
  return (
    <SessionProvider controller={controller}>
      <Outlet />
    </SessionProvider>
  );
}

const routes: RouteObject[] = [{ element: <SessionRoot />, children: buildRoutes() }];
const router = createBrowserRouter(routes);

export function App() {
  return (
    <LocaleProvider>
      <NotificationsProvider>
        <RouterProvider router={router} />
        <UpdatePrompt />
      </NotificationsProvider>
    </LocaleProvider>
  );
}
