import { Trans } from '@lingui/react/macro';
import type { CategoryDoc } from '../../../db/schema/categories';
import { NotFoundPage } from '../../routes/pages/not-found-page';
import { OfflineRedirect } from '../offline/offline-redirect';
import { useLocale } from '../i18n/locale-provider';
import styles from './listing-page.module.css';

export function ListingLoading() {
  return (
    <p className={styles.loading} role="status" aria-busy="true">
      <Trans>Loading…</Trans>
    </p>
  );
}

/** SPEC §2: what is not in the local replica redirects home offline; online it does not exist. */
export function NotInCatalogue() {
  return navigator.onLine ? <NotFoundPage /> : <OfflineRedirect />;
}

/** Greek name in el-GR, English in en-US (Greek when there is no English one). */
export function useCategoryName(): (category: Pick<CategoryDoc, 'name' | 'name_en'>) => string {
  const { locale } = useLocale();
  return (category) => (locale === 'el-GR' ? category.name : category.name_en || category.name);
}
