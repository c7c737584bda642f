import { useLingui } from '@lingui/react/macro';
import type { BillingView } from '../../../db/queries/addresses';
import type { AddressDoc } from '../../../db/schema/addresses';
import styles from './buyer-data.module.css';

/** The billing details as a list of terms (checkout, billing details page). */
export function BillingLines({ billing }: { billing: BillingView['details'] }) {
  const { t } = useLingui();
  return (
    <dl className={styles.details}>
      <dt>{t`Company`}</dt>
      <dd>{billing.company}</dd>
      <dt>{t`Tax number`}</dt>
      <dd>{billing.afm}</dd>
      <dt>{t`Tax office`}</dt>
      <dd>{billing.tax_office || '—'}</dd>
      <dt>{t`Address`}</dt>
      <dd>{[billing.street, [billing.postcode, billing.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || '—'}</dd>
    </dl>
  );
}

/** A delivery address on one line. */
export function AddressLines({ address }: { address: AddressDoc }) {
  return (
    <span className={styles.addressLines}>
      {address.firstname} {address.lastname}, {address.street} {address.number}, {address.postcode} {address.city} · {address.phone}
    </span>
  );
}
