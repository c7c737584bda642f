import { useSession } from '../shared/session/session-context';
import { AppLayout } from './app-layout';
import { OpenLayout } from './open-layout';
import { LoadingScreen } from '../components/loading-screen';

/** docs/product-rules.md §2: error and not-found pages use the logged-in layout for customers, the open one for guests. */
export function SessionLayout() {
  const { status } = useSession();
  if (status === 'loading') return <LoadingScreen />;
  return status === 'authenticated' ? <AppLayout /> : <OpenLayout />;
}
