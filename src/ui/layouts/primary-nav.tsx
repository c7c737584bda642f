import { NavLink } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../routes/paths';
import styles from './primary-nav.module.css';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.link} ${styles.active}` : styles.link);

export function PrimaryNav() {
  const { t } = useLingui();
  return (
    <nav className={styles.nav} aria-label={t`Main`}>
      <ul className={styles.list}>
        <li>
          <NavLink to={paths.suppliers} className={linkClass}>
            <Trans>Suppliers</Trans>
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.favorites} className={linkClass}>
            <Trans>Favourites</Trans>
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.orders} className={linkClass}>
            <Trans>Orders</Trans>
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.myAccount} end className={linkClass}>
            <Trans>My account</Trans>
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
