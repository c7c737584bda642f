import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { SessionController } from './session-controller';

/**
 * Moves the page when the session ends (docs/product-rules.md §4): a logout goes to /login, an expired session goes home
 * where RequireAuth shows the login modal. Rendered by SessionProvider only inside a router.
 */
export function SessionNavigator({ controller }: { controller: SessionController }) {
  const navigate = useNavigate();
  useEffect(() => {
    let previous = controller.store.get().status;
    return controller.store.subscribe(() => {
      const { status, endReason } = controller.store.get();
      const ended = previous === 'authenticated' && status === 'anonymous';
      previous = status;
      if (!ended) return;
      if (endReason === 'logout') void navigate('/login', { replace: true });
      if (endReason === 'expired') void navigate('/', { replace: true });
    });
  }, [controller, navigate]);
  return null;
}
