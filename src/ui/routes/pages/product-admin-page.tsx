import { useParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { PageHeading } from '../../components/page-heading';
import { useSession } from '../../shared/session/session-context';
import { NotFoundPage } from './not-found-page';

/** `/my-account/{product}-admin`: admins only (docs/product-rules.md §6); anyone else, or any other segment, gets 404. */
export function Component() {
  const { t } = useLingui();
  const { adminPage = '' } = useParams();
  const { customer } = useSession();
  const isAdminPath = /^[a-z0-9][a-z0-9-]*-admin$/i.test(adminPage);
  if (!isAdminPath || !customer?.isAdmin) return <NotFoundPage />;
  return <PageHeading>{t`Administration`}</PageHeading>;
}
