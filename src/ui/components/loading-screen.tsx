import { Trans } from '@lingui/react/macro';
import { BrandMark } from './brand';
import styles from './loading-screen.module.css';

/**
 * While the session is being restored: a calm placeholder that still has a main landmark. Above it the
 * header's band as index.html paints it before any script (styles/boot-shell.css), so the first frames of
 * a start show one steady band instead of a band, nothing, and a header.
 */
export function LoadingScreen() {
  return (
    <>
      <div className="boot-shell-header" aria-hidden="true">
        <div className="boot-shell-bar">
          <BrandMark className="boot-shell-mark" />
        </div>
        <div className="boot-shell-nav" />
      </div>
      <main id="main" className={styles.screen} aria-busy="true">
        <p className={styles.text} role="status">
          <Trans>Loading…</Trans>
        </p>
      </main>
    </>
  );
}
