import { Trans } from '@lingui/react/macro';
import styles from './catalog-sync-progress.module.css';

/** What a catalogue page shows instead of an empty list while useCatalogReady() is false. */
export function CatalogPreparing() {
  return (
    <p className={styles.text} role="status">
      <Trans>The catalogue is being prepared. It appears here as soon as it has been downloaded.</Trans>
    </p>
  );
}
