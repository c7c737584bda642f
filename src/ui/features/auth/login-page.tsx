import { Link, Navigate, useLocation } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../routes/paths';
import { useSession } from '../../shared/session/session-context';
import { returnPath } from '../../shared/session/return-path';
import { LoginForm } from './login-form';
import styles from '../../components/narrow-page.module.css';

export function Component() {
  const { t } = useLingui();
  const { status } = useSession();
  const location = useLocation();
  // Signed in (just now, or already): go where the visitor wanted to go before being sent here.
  if (status === 'authenticated') return <Navigate to={returnPath(location.state)} replace />;
  return (
    <div className={styles.page}>
      <PageHeading>{t`Log in`}</PageHeading>
      <LoginForm idPrefix="login-page" />
      <p className={styles.links}>
        <Link to={paths.forgotPassword}>
          <Trans>Forgot your password?</Trans>
        </Link>
        <Link to={paths.register}>
          <Trans>Create an account</Trans>
        </Link>
      </p>
    </div>
  );
}
