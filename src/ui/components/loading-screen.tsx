import { Trans } from '@lingui/react/macro';
import styles from './loading-screen.module.css';

/** While the session is being restored: a calm placeholder that still has a main landmark. */
export function LoadingScreen() {
  return (
    <main id="main" className={styles.screen} aria-busy="true">
      <p className={styles.text} role="status">
        <Trans>Loading…</Trans>
      </p>
    </main>
  );
}
