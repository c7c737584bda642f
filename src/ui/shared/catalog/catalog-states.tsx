import { Trans } from '@lingui/react/macro';
import { NotFoundPage } from '../../routes/pages/not-found-page';
import { OfflineRedirect } from '../offline/offline-redirect';
import styles from './catalog-page.module.css';

export function ListingLoading() {
  return (
    <p className={styles.loading} role="status" aria-busy="true">
      <Trans>Loading…</Trans>
    </p>
  );
}

/** docs/product-rules.md §2: what is not in the local replica redirects home offline; online it does not exist. */
export function NotInCatalog() {
  return navigator.onLine ? <NotFoundPage /> : <OfflineRedirect />;
}
