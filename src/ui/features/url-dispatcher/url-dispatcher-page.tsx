import { useParams } from 'react-router';
import { NotFoundPage } from '../../routes/pages/not-found-page';
import { useSession } from '../../shared/session/session-context';
import { UrlDispatch } from './url-dispatch';

/**
 * The catch-all route (docs/product-rules.md §2). Guests may see only page-not-found, so only a logged-in customer's
 * unknown path goes through the dispatcher.
 */
export function UrlDispatcherPage() {
  const { status } = useSession();
  const path = useParams()['*'] ?? '';
  if (status !== 'authenticated') return <NotFoundPage />;
  return <UrlDispatch path={path} />;
}

export { UrlDispatcherPage as Component };
