import { createContext, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useInRouterContext } from 'react-router';
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import type { BuyerSummary, Customer } from '../../../contracts/auth';
import { M } from '../../../contracts/messages';
import { startProactiveRefresh } from '../../../replication/proactive-refresh';
import { useNotify } from '../notifications/notifications';
import { getBrowserSession } from './browser-session';
import type { LogoutOptions, SessionController } from './session-controller';
import { SessionNavigator } from './session-navigator';
import type { SessionSnapshot } from './session-state';
import { UpdateRequiredNotice } from './update-required-notice';

export interface Session {
  status: 'loading' | 'anonymous' | 'authenticated';
  customer: Customer | null;
  buyers: BuyerSummary[];
  selectedBuyerId: string | null;
  /** An administrator logged in as this customer: their id (docs/decisions/025-admin-login-as.md); else null. */
  adminId: string | null;
  /** An administrator with admin mode on: the administration controls show (docs/product-rules.md §4.8). */
  adminMode: boolean;
  /** Administrators: admin mode on or off, kept on this device per customer. */
  setAdminMode(on: boolean): void;
  /** Throws BridgeError; its `description` is the server's message (an `M` text). */
  login(email: string, password: string): Promise<void>;
  logout(options?: LogoutOptions): Promise<void>;
  selectBuyer(buyerId: string): void;
  /** Administrators: become this customer (the app reloads). Throws BridgeError. */
  loginAs(customerId: string): Promise<void>;
  /** In a login-as session: back to the administrator (the app reloads). Throws BridgeError. */
  logoutAs(): Promise<void>;
}

const ControllerContext = createContext<SessionController | null>(null);

/**
 * Provides `useSession()`. Needs `<NotificationsProvider>` and Lingui's `<I18nProvider>` above it (for
 * "You're logged out"). Without `controller` it uses the one browser session (the app root passes that one with its
 * session work; tests pass their own).
 */
export function SessionProvider({ children, controller }: { children: ReactNode; controller?: SessionController }) {
  const session = useMemo(() => controller ?? getBrowserSession(), [controller]);
  const notify = useNotify();
  const { i18n } = useLingui();

  useEffect(() => {
    return session.setLoggedOutNotice(() => {
      notify({ type: 'info', message: i18n._(M.loggedOut) });
    });
  }, [session, notify, i18n]);

  useEffect(() => {
    session.start();
  }, [session]);

  // A logout made offline reaches the bridge when the connection returns.
  useEffect(() => {
    const deliver = (): void => void session.deliverLogouts();
    window.addEventListener('online', deliver);
    return () => window.removeEventListener('online', deliver);
  }, [session]);

  useEffect(() => {
    const { bridge } = session;
    return startProactiveRefresh({
      tokens: bridge.tokens,
      refresher: bridge.refresher,
      events: bridge.events,
      now: bridge.now,
      isOnline: () => navigator.onLine,
      onOnline: (listener) => {
        window.addEventListener('online', listener);
        return () => window.removeEventListener('online', listener);
      },
      setTimer: (callback, ms) => window.setTimeout(callback, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
    });
  }, [session]);

  const inRouter = useInRouterContext();
  return (
    <ControllerContext.Provider value={session}>
      {inRouter ? <SessionNavigator controller={session} /> : null}
      <UpdateRequiredNotice events={session.bridge.events} />
      {children}
    </ControllerContext.Provider>
  );
}

/** For this feature and the auth screens: the controller behind `useSession()`. */
export function useSessionController(): SessionController {
  const controller = useContext(ControllerContext);
  if (!controller) throw new Error('useSession needs <SessionProvider> above this component');
  return controller;
}

export function useSessionSnapshot(): SessionSnapshot {
  const { store } = useSessionController();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

export function useSession(): Session {
  const controller = useSessionController();
  const snapshot = useSessionSnapshot();
  return useMemo(
    () => ({
      status: snapshot.status,
      customer: snapshot.customer,
      buyers: snapshot.buyers,
      selectedBuyerId: snapshot.selectedBuyerId,
      adminId: snapshot.adminId,
      adminMode: snapshot.adminMode,
      setAdminMode: (on) => controller.setAdminMode(on),
      login: (email, password) => controller.login(email, password),
      logout: (options) => controller.logout(options),
      selectBuyer: (buyerId) => controller.selectBuyer(buyerId),
      loginAs: (customerId) => controller.loginAs(customerId),
      logoutAs: () => controller.logoutAs(),
    }),
    [controller, snapshot],
  );
}
