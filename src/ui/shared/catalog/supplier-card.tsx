import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import type { SupplierDoc } from '../../../db/schema/suppliers';
import { to } from '../../routes/paths';
import { useFormatMoney } from '../i18n/use-formatters';
import { useLocale } from '../i18n/locale-provider';
import { LockIcon } from './locked-supplier-notice';
import card from '../../components/card.module.css';
import styles from './supplier-card.module.css';

/** Initials on a coloured tile when the supplier has no logo (the seed has none). */
function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

export function SupplierCard({ supplier, headingLevel = 3 }: { supplier: SupplierDoc; headingLevel?: 2 | 3 }) {
  const formatMoney = useFormatMoney();
  const { locale } = useLocale();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const delivery = locale === 'el-GR' ? supplier.delivery_time_el || supplier.delivery_time : supplier.delivery_time;
  const minimum = formatMoney(supplier.minimum_order);
  return (
    <article className={`${card.card} ${card.linked} ${styles.card}`} data-testid="supplier-card">
      {supplier.logo ? (
        <img className={styles.logo} src={supplier.logo} alt="" width={64} height={64} loading="lazy" />
      ) : (
        <span className={styles.initials} aria-hidden="true">
          {initialsOf(supplier.name)}
        </span>
      )}
      <div className={styles.body}>
        <Heading className={styles.name}>
          <Link className={card.stretchedLink} to={to.supplier(supplier.slug)}>
            {supplier.name}
          </Link>
        </Heading>
        {supplier.status === 'locked' ? (
          <p className={styles.locked}>
            <LockIcon />
            <Trans>Approved buyers only</Trans>
          </p>
        ) : null}
        <p className={styles.meta}>
          {supplier.city ? <span>{supplier.city}</span> : null}
          <span>
            <Trans>Minimum order {minimum}</Trans>
          </span>
          {delivery ? (
            <span>
              <Trans>Delivery {delivery}</Trans>
            </span>
          ) : null}
        </p>
      </div>
    </article>
  );
}
