import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { M } from '../../../contracts/messages';
import type { PaymentMethodId, SupplierCartView } from '../../../db/queries/cart-view';
import { CART_COMMENT_MAX } from '../../../domain/cart/rules';
import type { CartActions } from './cart-context';
import styles from './supplier-payment.module.css';

export function usePaymentLabel(): (method: PaymentMethodId) => string {
  const { t } = useLingui();
  return (method) => ({ 1: t`Card`, 2: t`Cash on delivery`, 3: t`Credit`, 4: t`IRIS` })[method];
}

/**
 * A supplier's payment method (with the cash-on-delivery "Payment Information" panel) and comment of at most
 * 100 characters: in the microcart and again in the checkout, on the same cart documents.
 */
export function SupplierPayment({ supplier, actions }: { supplier: SupplierCartView; actions: CartActions }) {
  const { t, i18n } = useLingui();
  const paymentLabel = usePaymentLabel();
  const commentId = useId();
  // What is being typed; null shows the saved comment (which another device may change meanwhile).
  const [draft, setDraft] = useState<string | null>(null);
  const comment = draft ?? supplier.comment;
  const tooLong = comment.length > CART_COMMENT_MAX;
  return (
    <>
      <fieldset className={styles.payment}>
        <legend>
          <Trans>Payment method</Trans>
        </legend>
        {supplier.paymentMethods.map((method) => (
          <label key={method} className={styles.radio}>
            <input
              type="radio"
              name={`payment-${supplier.supplierId}`}
              checked={supplier.paymentMethod === method}
              onChange={() => void actions.setPayment(supplier.supplierId, method)}
            />
            {paymentLabel(method)}
          </label>
        ))}
      </fieldset>
      {supplier.paymentMethod === 2 ? (
        <div className={styles.panel} role="note" aria-label={t`Payment Information`}>
          <p className={styles.panelTitle}>
            <Trans>Payment Information</Trans>
          </p>
          <p>
            <Trans>You are going to pay for this order upon delivery.</Trans>
          </p>
        </div>
      ) : null}
      <label htmlFor={commentId} className={styles.fieldLabel}>
        <Trans>Comment for {supplier.supplierName}</Trans>
      </label>
      <textarea
        id={commentId}
        className={styles.comment}
        rows={2}
        value={comment}
        aria-invalid={tooLong ? true : undefined}
        aria-describedby={tooLong ? `${commentId}-error` : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          if (tooLong) return;
          if (comment !== supplier.comment) void actions.setComment(supplier.supplierId, comment);
          setDraft(null);
        }}
      />
      {tooLong ? (
        <p id={`${commentId}-error`} className={styles.error}>
          {i18n._(M.cartCommentTooLong)}
        </p>
      ) : null}
    </>
  );
}
