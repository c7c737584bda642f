import { Link, Outlet } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { Brand } from '../components/brand';
import { SkipLink } from '../components/skip-link';
import { LanguageSelect } from '../shared/i18n/language-select';
import { paths } from '../routes/paths';
import styles from './open-layout.module.css';

/** Login, registration, password reset (and error pages for guests): one centred card. */
export function OpenLayout() {
  return (
    <div className={styles.shell}>
      <SkipLink />
      <header className={styles.header}>
        <Link to={paths.login} className={styles.brandLink}>
          <Brand />
        </Link>
        <LanguageSelect />
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        <div className={styles.card}>
          <Outlet />
        </div>
      </main>
      <footer className={styles.footer}>
        <p>
          <Trans>Wholesale ordering for companies in Greece.</Trans>
        </p>
      </footer>
    </div>
  );
}
