import { Trans } from '@lingui/react/macro';
import styles from './skip-link.module.css';

/** First focusable element: keyboard users jump past the header to the page content. */
export function SkipLink() {
  return (
    <a className={styles.skipLink} href="#main">
      <Trans>Skip to content</Trans>
    </a>
  );
}
