import { useEffect, useId, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { BuyerSummary } from '../../../contracts/auth';
import styles from './auth-form.module.css';

interface BuyerSelectDialogProps {
  buyers: readonly BuyerSummary[];
  selectedBuyerId: string | null;
  onSelect(buyerId: string): void;
  /** Absent while a choice is required (no buyer selected yet): the dialog cannot be dismissed then. */
  onCancel?: () => void;
}

/**
 * "Select buyer": one button per company and nothing else, on the native modal `<dialog>` (focus trap,
 * inert background). Escape cancels only when switching, never when a choice is required.
 */
export function BuyerSelectDialog({ buyers, selectedBuyerId, onSelect, onCancel }: BuyerSelectDialogProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // jsdom has no showModal; the open attribute keeps the content reachable there.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel?.();
      }}
    >
      <h2 id={titleId} className={styles.dialogTitle}>
        {t`Select buyer`}
      </h2>
      <ul className={styles.buyerList}>
        {buyers.map((buyer) => (
          <li key={buyer.id}>
            <button
              type="button"
              className={styles.buyerButton}
              aria-current={buyer.id === selectedBuyerId ? 'true' : undefined}
              onClick={() => onSelect(buyer.id)}
            >
              {buyer.company}
            </button>
          </li>
        ))}
      </ul>
    </dialog>
  );
}
