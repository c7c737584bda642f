import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../routes/paths';
import styles from './app-footer.module.css';

export function AppFooter() {
  const { t } = useLingui();
  return (
    <footer className={styles.footer}>
      <nav aria-label={t`Information`}>
        <ul className={styles.links}>
          <li>
            <Link to={paths.faqs}>
              <Trans>FAQs</Trans>
            </Link>
          </li>
          <li>
            <Link to={paths.contact}>
              <Trans>Contact</Trans>
            </Link>
          </li>
          <li>
            <Link to={paths.terms}>
              <Trans>Terms of use</Trans>
            </Link>
          </li>
          <li>
            <Link to={paths.privacy}>
              <Trans>Privacy policy</Trans>
            </Link>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
