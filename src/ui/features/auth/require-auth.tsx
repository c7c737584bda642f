import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { lazyPreloaded } from '../../components/lazy-preloaded';
import { BuyerSelectionPrompt } from './buyer-selection-prompt';
import { useSessionController, useSessionSnapshot } from '../../shared/session/session-context';

const HOME_PATHS = new Set(['/', '/pwa.html']);

/** Needed only once a session has expired: not in the first bundle, loaded in idle time (decision 030), precached for offline use. */
const LoginModal = lazyPreloaded(() => import('./login-modal').then((m) => m.LoginModal));

/**
 * Route element in front of every page that needs login. Visitors go to /login (remembering where they
 * wanted to go); a session that expired goes home and shows the login modal (docs/product-rules.md §4 Token lifecycle).
 */
export function RequireAuth() {
  const { status, endReason } = useSessionSnapshot();
  const controller = useSessionController();
  const location = useLocation();

  if (status === 'loading') return <LoadingScreen />;
  if (status === 'authenticated') {
    return (
      <>
        <Outlet />
        <BuyerSelectionPrompt />
      </>
    );
  }
  if (endReason === 'expired') {
    if (!HOME_PATHS.has(location.pathname)) return <Navigate to="/" replace />;
    return (
      <Suspense fallback={null}>
        <LoginModal onClose={() => controller.acknowledgeEnd()} />
      </Suspense>
    );
  }
  // After a deliberate logout there is nowhere to return to.
  const state = endReason === 'logout' ? undefined : { from: location };
  return <Navigate to="/login" replace state={state} />;
}
