import { Trans, useLingui } from '@lingui/react/macro';
import type { PlaceCartResult } from '../../../db/commands/orders';
import { ButtonLink } from '../../components/button-link';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../routes/paths';
import { useFormatMoney } from '../../shared/i18n/use-formatters';
import { useOrderQueue } from '../../shared/orders/order-queue-context';
import styles from './checkout.module.css';

/** The checkout's thank-you state: the orders placed, and whether each has reached the supplier yet. */
export function ThankYou({ result }: { result: PlaceCartResult }) {
  const { t } = useLingui();
  const money = useFormatMoney();
  const queue = useOrderQueue();
  const waiting = new Set((queue?.queued ?? []).map((o) => o.id));
  return (
    <div className={styles.page}>
      <PageHeading>{t`Thank you for your order!`}</PageHeading>
      <ul className={styles.orders}>
        {result.placed.map((order) => (
          <li key={order.id} className={styles.order}>
            <h2 className={styles.supplierName}>{order.store_name ?? order.supplier_id}</h2>
            <p>
              <Trans>Total incl. VAT</Trans> <strong>{money(order.total_due)}</strong>
            </p>
            <p className={styles.status} role="status">
              {waiting.has(order.id) ? t`Order waiting! It will be sent when the connection returns.` : t`Sent to the supplier.`}
            </p>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <ButtonLink to={paths.orders}>{t`See my orders`}</ButtonLink>
        <ButtonLink to={paths.home} variant="primary">
          {t`Continue shopping`}
        </ButtonLink>
      </div>
    </div>
  );
}
