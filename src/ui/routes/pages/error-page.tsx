import { Trans, useLingui } from '@lingui/react/macro';
import { ButtonLink } from '../../components/button-link';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../paths';
import styles from './status-page.module.css';

/** The /error route, and the body of every error boundary. */
export function ErrorContent() {
  const { t } = useLingui();
  return (
    <div className={styles.page}>
      <PageHeading>{t`Something went wrong`}</PageHeading>
      <p className={styles.text}>
        <Trans>Please try again. If you are offline, some pages open only after the connection returns.</Trans>
      </p>
      <ButtonLink variant="primary" to={paths.home}>
        <Trans>Go to the home page</Trans>
      </ButtonLink>
    </div>
  );
}

export { ErrorContent as Component };
