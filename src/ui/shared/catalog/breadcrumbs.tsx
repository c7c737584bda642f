import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import styles from './breadcrumbs.module.css';

export interface Crumb {
  label: string;
  /** Absent for the current page. */
  to?: string;
}

/** Home first, then each level; the last crumb is the current page (aria-current). */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Breadcrumbs`} className={styles.nav}>
      <ol className={styles.list}>
        <li className={styles.item}>
          <Link to="/">{t`Home`}</Link>
        </li>
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`} className={styles.item}>
            {crumb.to && index < crumbs.length - 1 ? (
              <Link to={crumb.to}>{crumb.label}</Link>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
