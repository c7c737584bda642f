import { Outlet, RouterProvider, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { LocaleProvider } from './shared/i18n/locale-provider';
import { NotificationsProvider } from './shared/notifications/notifications';
import { SessionProvider } from './shared/session/session-context';
import { UpdatePrompt } from './pwa/update-prompt';
import { buildRoutes } from './route-table';

/** The session lives inside the router so that it can navigate (home after a failed refresh, docs/product-rules.md §4). */
function SessionRoot() {
  return (
    <SessionProvider>
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
