import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CartLineView, SupplierCartView } from '../../../db/queries/cart-view';
import { QuantityInput } from '../../components/quantity-input';
import { IconButton } from '../../components/icon-button';
import type { CartActions } from '../../shared/cart/cart-context';
import { SupplierPayment } from '../../shared/cart/supplier-payment';
import { ProductImage } from '../../shared/catalog/product-image';
import { useFormatMoney } from '../../shared/i18n/use-formatters';
import styles from './cart.module.css';

/** One supplier of the cart: minimum order, lines, payment method, comment, exclusion. */
export function SupplierGroup({
  supplier,
  actions,
  withVat,
  onRemove,
}: {
  supplier: SupplierCartView;
  actions: CartActions;
  withVat: boolean;
  onRemove(line: CartLineView): void;
}) {
  const formatMoney = useFormatMoney();
  const headingId = useId();

  return (
    <section className={styles.supplier} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.supplierName}>
        {supplier.supplierName}
      </h3>
      <p className={supplier.missingForMinimum > 0 ? styles.warning : styles.muted}>
        {supplier.missingForMinimum > 0 ? (
          <Trans>
            Minimum order {formatMoney(supplier.minimumOrder)}: {formatMoney(supplier.missingForMinimum)} still missing
          </Trans>
        ) : (
          <Trans>Minimum order {formatMoney(supplier.minimumOrder)} reached</Trans>
        )}
      </p>
      <ul className={styles.lines}>
        {supplier.lines.map((line) => (
          <CartLine key={line.id} line={line} actions={actions} withVat={withVat} onRemove={onRemove} />
        ))}
      </ul>
      <p className={styles.subtotal}>
        <Trans>Subtotal</Trans> <strong>{formatMoney(withVat ? supplier.subtotalInclTax : supplier.subtotal)}</strong>
      </p>
      <SupplierPayment supplier={supplier} actions={actions} />
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={supplier.excluded}
          onChange={(event) => void actions.setExcluded(supplier.supplierId, event.target.checked)}
        />
        <Trans>Leave {supplier.supplierName} out of this order</Trans>
      </label>
    </section>
  );
}

function CartLine({
  line,
  actions,
  withVat,
  onRemove,
}: {
  line: CartLineView;
  actions: CartActions;
  withVat: boolean;
  onRemove(line: CartLineView): void;
}) {
  const { t } = useLingui();
  const formatMoney = useFormatMoney();
  const qtyId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const qty = draft ?? String(line.qty);
  const commit = (): void => {
    const value = Number(qty);
    // A refused quantity (more than the stock) falls back to the line's own, with the reason notified.
    if (Number.isInteger(value) && value >= 1 && value !== line.qty) void actions.setQuantity(line.id, value);
    setDraft(null);
  };
  return (
    <li className={styles.line}>
      <ProductImage src={line.image} alt="" width={56} height={56} className={styles.thumb} />
      <div className={styles.lineMain}>
        <p className={styles.lineName}>{line.name}</p>
        <p className={styles.muted}>
          {formatMoney(withVat ? line.unitPriceInclTax : line.unitPrice)} · {line.sku}
          {line.stock === 'volatile' ? (
            <>
              {' · '}
              <Trans>stock not confirmed</Trans>
            </>
          ) : null}
          {line.stock === 'out_of_stock' ? (
            <>
              {' · '}
              <Trans>Out of the stock!</Trans>
            </>
          ) : null}
        </p>
      </div>
      <label htmlFor={qtyId} className="visually-hidden">
        <Trans>Quantity of {line.name}</Trans>
      </label>
      <QuantityInput
        id={qtyId}
        value={qty}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      <span className={styles.rowTotal}>{formatMoney(withVat ? line.rowTotalInclTax : line.rowTotal)}</span>
      <IconButton label={t`Remove ${line.name}`} onClick={() => onRemove(line)}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
          <path
            d="M5 7h14M10 11v6M14 11v6M6 7l1 12h10l1-12M9 7V4h6v3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      </IconButton>
    </li>
  );
}
