import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeading } from '../../components/page-heading';
import styles from './status-page.module.css';

/**
 * What a page shows when its code belongs to an older deployment and the server no longer has it. The
 * "Reload" of the update prompt, shown at the same time, loads the new version (docs/decisions/032-safe-upgrades.md).
 */
export function NewVersionContent() {
  const { t } = useLingui();
  // The short note replaces whatever the buyer scrolled through; from where they were it could sit out of view.
  useEffect(() => window.scrollTo(0, 0), []);
  return (
    <div className={styles.page}>
      <PageHeading>{t`This page has been updated`}</PageHeading>
      <p className={styles.text}>
        <Trans>Press "Reload" in the notification to open the new version. What is saved on this device stays as it is.</Trans>
      </p>
    </div>
  );
}
