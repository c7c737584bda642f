import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CartLineView, CartView, PriceChangeView } from '../../../db/queries/cart-view';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { Dialog } from '../../components/dialog';
import type { CartActions } from '../../shared/cart/cart-context';
import { ProductImage } from '../../shared/catalog/product-image';
import { usePriceSettings } from '../../shared/catalog/use-price-settings';
import { useFormatMoney } from '../../shared/i18n/use-formatters';
import { OVERLAY_THEME_COLOR, useThemeColor } from '../../shared/theme/use-theme-color';
import { paths } from '../../routes/paths';
import { CouponForm } from './coupon-form';
import { SupplierGroup } from './supplier-group';
import styles from './cart.module.css';

/**
 * The microcart overlay: the cart grouped by supplier (docs/product-rules.md §4.3), totals, and the way to
 * checkout. New catalogue prices are shown first and must be accepted; removing asks for confirmation.
 */
export function Microcart({ view, actions, onClose }: { view: CartView; actions: CartActions; onClose(): void }) {
  const { t } = useLingui();
  const formatMoney = useFormatMoney();
  const { withVat } = usePriceSettings();
  const [removing, setRemoving] = useState<CartLineView | null>(null);
  const [pricesSeen, setPricesSeen] = useState(false);
  useThemeColor(OVERLAY_THEME_COLOR, true);

  if (view.priceChanges.length > 0 && !pricesSeen) {
    return (
      <PriceChangesDialog
        changes={view.priceChanges}
        withVat={withVat}
        onAccept={() => void actions.acceptPrices(view.priceChanges).then(() => setPricesSeen(true))}
        onClose={onClose}
      />
    );
  }
  if (removing) {
    return (
      <Dialog
        title={t`Remove from cart?`}
        description={removing.name}
        onClose={() => setRemoving(null)}
        footer={
          <>
            <Button onClick={() => setRemoving(null)}>
              <Trans>Keep it</Trans>
            </Button>
            <Button variant="danger" onClick={() => void actions.remove(removing.id).then(() => setRemoving(null))}>
              <Trans>Remove</Trans>
            </Button>
          </>
        }
      >
        <p>
          <Trans>The product leaves the cart. You can add it again at any time.</Trans>
        </p>
      </Dialog>
    );
  }
  return (
    <Dialog
      title={t`Cart`}
      size="sheet"
      onClose={onClose}
      footer={
        view.lineCount > 0 ? (
          <ButtonLink to={paths.checkout} variant="primary" onClick={onClose}>
            <Trans>Proceed to checkout</Trans>
          </ButtonLink>
        ) : null
      }
    >
      {view.lineCount === 0 ? (
        <p className={`${styles.empty} ${styles.body}`}>
          <Trans>Your cart is empty.</Trans>
        </p>
      ) : (
        <div className={styles.body}>
          {view.suppliers.map((supplier) => (
            <SupplierGroup key={supplier.supplierId} supplier={supplier} actions={actions} withVat={withVat} onRemove={setRemoving} />
          ))}
          <dl className={styles.totals}>
            <dt>{withVat ? <Trans>Goods incl. VAT</Trans> : <Trans>Goods excl. VAT</Trans>}</dt>
            <dd>{formatMoney(withVat ? view.totals.subtotal_incl_tax : view.totals.subtotal)}</dd>
            <dt>
              <Trans>Shipping incl. VAT</Trans>
            </dt>
            <dd>{formatMoney(view.totals.shipping)}</dd>
            {view.totals.discount > 0 ? (
              <>
                <dt>
                  <Trans>Coupon discount incl. VAT</Trans>
                </dt>
                <dd>−{formatMoney(view.totals.discount)}</dd>
              </>
            ) : null}
            <dt className={styles.grand}>
              <Trans>Total incl. VAT</Trans>
            </dt>
            <dd className={styles.grand} data-testid="cart-grand-total">
              {formatMoney(view.totals.grand_total)}
            </dd>
          </dl>
          <CouponForm coupon={view.coupon} actions={actions} />
        </div>
      )}
    </Dialog>
  );
}

function PriceChangesDialog({
  changes,
  withVat,
  onAccept,
  onClose,
}: {
  changes: readonly PriceChangeView[];
  withVat: boolean;
  onAccept(): void;
  onClose(): void;
}) {
  const { t } = useLingui();
  const formatMoney = useFormatMoney();
  return (
    <Dialog
      title={t`Prices have changed`}
      description={t`These products have a new price since you added them. Accept the new prices to continue.`}
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onAccept}>
          <Trans>Accept new prices</Trans>
        </Button>
      }
    >
      <ul className={styles.priceChanges}>
        {changes.map((change) => (
          <li key={change.lineId} className={styles.priceChange}>
            <ProductImage src={change.image} alt="" width={64} height={64} className={styles.thumb} />
            <div>
              <p className={styles.lineName}>{change.name}</p>
              <p>
                <Trans>
                  Was <s>{formatMoney(withVat ? change.oldPriceInclTax : change.oldPrice)}</s>, now{' '}
                  <strong>{formatMoney(withVat ? change.newPriceInclTax : change.newPrice)}</strong>
                </Trans>{' '}
                <span className={styles.muted}>
                  (
                  {withVat ? (
                    <Trans>
                      excl. VAT {formatMoney(change.oldPrice)} → {formatMoney(change.newPrice)}
                    </Trans>
                  ) : (
                    <Trans>
                      incl. VAT {formatMoney(change.oldPriceInclTax)} → {formatMoney(change.newPriceInclTax)}
                    </Trans>
                  )}
                  )
                </span>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
