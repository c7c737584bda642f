import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { BuyerSelectionPrompt } from './buyer-selection-prompt';
import { LoginModal } from './login-modal';
import { useSessionController, useSessionSnapshot } from '../../shared/session/session-context';

const HOME_PATHS = new Set(['/', '/pwa.html']);

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
    return <LoginModal onClose={() => controller.acknowledgeEnd()} />;
  }
  // After a deliberate logout there is nowhere to return to.
  const state = endReason === 'logout' ? undefined : { from: location };
  return <Navigate to="/login" replace state={state} />;
}
