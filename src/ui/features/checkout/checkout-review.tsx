import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { M } from '../../../contracts/messages';
import type { PlaceCartResult } from '../../../db/commands/orders';
import type { CartView } from '../../../db/queries/cart-view';
import { DEFAULT_SHIPPING } from '../../../domain/cart/totals';
import { Button } from '../../components/button';
import { FormAlert } from '../../components/form-alert';
import type { CartActions } from '../../shared/cart/cart-context';
import { useFormatMoney } from '../../shared/i18n/use-formatters';
import { useOrderQueue } from '../../shared/orders/order-queue-context';
import { usePriceSettings } from '../../shared/catalog/use-price-settings';
import { usePaymentLabel } from '../../shared/cart/supplier-payment';
import styles from './checkout.module.css';

/**
 * The order review: one order per supplier (goods, standard delivery, total with VAT) and the total of all,
 * new catalogue prices to accept first, and "Place order". What is shown is what the bridge will confirm:
 * the same totals function on both sides.
 */
export function CheckoutReview({
  view,
  actions,
  onPlace,
}: {
  view: CartView;
  actions: CartActions;
  onPlace(): Promise<PlaceCartResult | null>;
}) {
  const { t, i18n } = useLingui();
  const money = useFormatMoney();
  const paymentLabel = usePaymentLabel();
  const { withVat } = usePriceSettings();
  const queue = useOrderQueue();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const suppliers = view.suppliers.filter((s) => !s.excluded);
  const orders = suppliers.map((s) => ({
    supplier: s,
    goods: withVat ? s.subtotalInclTax : s.subtotal,
    shipping: withVat ? DEFAULT_SHIPPING.amountInclTax : DEFAULT_SHIPPING.amount,
    total: s.subtotalInclTax + DEFAULT_SHIPPING.amountInclTax,
  }));
  const grandTotal = orders.reduce((sum, o) => sum + o.total, 0);
  const pricesChanged = view.priceChanges.length > 0;

  const place = async () => {
    setProblem(null);
    setBusy(true);
    try {
      let result: PlaceCartResult | null;
      try {
        result = await onPlace();
      } catch (error) {
        // The delivery address no longer passes the rules (an old saved one): the buyer picks or fixes one.
        console.error('Placing the order failed', error);
        setProblem(i18n._(M.addressInvalid));
        return;
      }
      const first = result?.problems[0];
      if (!first) return;
      const name = suppliers.find((s) => s.supplierId === first.supplier_id)?.supplierName ?? '';
      setProblem(
        first.kind === 'minimum_not_reached'
          ? t`Minimum order cost not reached for ${name}: ${money(first.missing)} still missing.`
          : t`Choose a payment method for ${name}.`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.review}>
      {pricesChanged ? (
        <div className={styles.priceNotice} role="alert">
          <p>
            <Trans>Some prices changed since you added the products. Please look at the new prices before you order.</Trans>
          </p>
          <ul>
            {view.priceChanges.map((change) => (
              <li key={change.lineId}>
                {change.name}: <s>{money(withVat ? change.oldPriceInclTax : change.oldPrice)}</s>{' '}
                <strong>{money(withVat ? change.newPriceInclTax : change.newPrice)}</strong>
              </li>
            ))}
          </ul>
          <Button onClick={() => void actions.acceptPrices(view.priceChanges)}>
            <Trans>Accept the new prices</Trans>
          </Button>
        </div>
      ) : null}
      <ul className={styles.orders}>
        {orders.map(({ supplier, goods, shipping, total }) => (
          <li key={supplier.supplierId} className={styles.order}>
            <h3 className={styles.supplierName}>{supplier.supplierName}</h3>
            <dl className={styles.totals}>
              <dt>{t`Products (${supplier.lines.length})`}</dt>
              <dd>{money(goods)}</dd>
              <dt>{t`Standard delivery`}</dt>
              <dd>{money(shipping)}</dd>
              <dt>{t`Payment`}</dt>
              <dd>{supplier.paymentMethod ? paymentLabel(supplier.paymentMethod) : t`Not chosen`}</dd>
              <dt className={styles.strong}>{t`Order total incl. VAT`}</dt>
              <dd className={styles.strong}>{money(total)}</dd>
            </dl>
            {supplier.missingForMinimum > 0 ? (
              <p className={styles.warning}>{t`Minimum order cost not reached: ${money(supplier.missingForMinimum)} still missing.`}</p>
            ) : null}
          </li>
        ))}
      </ul>
      <p className={styles.grandTotal}>
        {orders.length === 1 ? t`Total incl. VAT` : t`Total of ${orders.length} orders incl. VAT`} <strong>{money(grandTotal)}</strong>
      </p>
      {view.coupon?.applied ? (
        <p
          className={styles.muted}
        >{t`Coupons are not taken off orders yet: the totals above are without the coupon ${view.coupon.code}.`}</p>
      ) : null}
      {!navigator.onLine ? (
        <p className={styles.muted}>{t`You are offline. Your orders will wait on this device and be sent when the connection returns.`}</p>
      ) : null}
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      <Button
        variant="primary"
        block
        busy={busy || (queue?.sending ?? false)}
        disabled={pricesChanged || busy}
        onClick={() => void place()}
      >
        {queue?.sending ? t`Processing order...` : t`Place order`}
      </Button>
    </div>
  );
}
