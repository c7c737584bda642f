import { Outlet } from 'react-router';
import { SkipLink } from '../components/skip-link';
import { AppHeader } from './app-header';
import { AppFooter } from './app-footer';
import styles from './app-layout.module.css';

/** The logged-in layout: header with navigation, the page, a footer with the static pages. */
export function AppLayout() {
  return (
    <div className={styles.shell}>
      <SkipLink />
      <AppHeader />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <AppFooter />
    </div>
  );
}
