import { Trans, useLingui } from '@lingui/react/macro';
import { ButtonLink } from '../../components/button-link';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../paths';
import styles from './status-page.module.css';

export function NotFoundPage() {
  const { t } = useLingui();
  // docs/product-rules.md §2 fixes this title; the site name is not appended.
  useDocumentTitle(t`404 - Page not found`, { exact: true });
  return (
    <div className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.heading}>
        <Trans>Page not found</Trans>
      </h1>
      <p className={styles.text}>
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <ButtonLink variant="primary" to={paths.home}>
        <Trans>Go to the home page</Trans>
      </ButtonLink>
    </div>
  );
}

export { NotFoundPage as Component };
