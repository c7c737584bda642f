import { Trans, useLingui } from '@lingui/react/macro';
import { isCatalogReady, type CatalogSyncSnapshot } from '../../../replication/catalog-sync-status';
import { useCatalogSyncStatus } from './catalog-sync-context';
import styles from './catalog-sync-progress.module.css';

/**
 * The first sync's progress in products ("Downloading catalogue: 1,000 of 3,000 products"); the other
 * collections are small and finish long before. Renders nothing once the catalogue is ready.
 */
export function CatalogSyncProgressView({ snapshot }: { snapshot: CatalogSyncSnapshot }) {
  const { t, i18n } = useLingui();
  if (isCatalogReady(snapshot)) return null;
  const { received: receivedCount, total: totalCount } = snapshot.products;
  const known = totalCount !== null && totalCount > 0;
  const received = i18n.number(receivedCount);
  const total = i18n.number(totalCount ?? 0);
  const text = known ? t`Downloading catalogue: ${received} of ${total} products` : t`Downloading catalogue…`;
  const percent = known ? Math.min(100, (receivedCount / totalCount) * 100) : 0;
  return (
    <section className={styles.banner} aria-label={t`Catalogue download`}>
      <p className={styles.text} aria-hidden="true">
        {text}
      </p>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={t`Catalogue download`}
        aria-valuemin={0}
        aria-valuemax={known ? totalCount : undefined}
        aria-valuenow={known ? receivedCount : undefined}
        aria-valuetext={text}
      >
        <div className={known ? styles.fill : styles.indeterminate} style={known ? { width: `${percent}%` } : undefined} />
      </div>
      <p className={styles.hint}>
        <Trans>You can keep working: pages fill in as the catalogue arrives.</Trans>
      </p>
    </section>
  );
}

/** The progress bar of the signed-in layout, fed by the catalogue sync status. */
export function CatalogSyncProgress() {
  return <CatalogSyncProgressView snapshot={useCatalogSyncStatus()} />;
}
