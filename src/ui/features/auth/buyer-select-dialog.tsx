import { useLingui } from '@lingui/react/macro';
import type { BuyerSummary } from '../../../contracts/auth';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import styles from './buyer-select-dialog.module.css';

interface BuyerSelectDialogProps {
  buyers: readonly BuyerSummary[];
  selectedBuyerId: string | null;
  onSelect(buyerId: string): void;
  /** Absent while a choice is required (no buyer selected yet): the dialog cannot be dismissed then. */
  onCancel?: () => void;
  /** Offers "Add a company" below the choices (docs/product-rules.md §6.2). */
  onAddCompany?: () => void;
}

/**
 * "Select buyer": one button per company and nothing else. Right after login (no company chosen yet) it
 * cannot be dismissed; from the header's "Switch company" it can.
 */
export function BuyerSelectDialog({ buyers, selectedBuyerId, onSelect, onCancel, onAddCompany }: BuyerSelectDialogProps) {
  const { t } = useLingui();
  const choices = (
    <ul className={styles.list}>
      {buyers.map((buyer) => (
        <li key={buyer.id}>
          <button
            type="button"
            className={styles.choice}
            aria-current={buyer.id === selectedBuyerId ? 'true' : undefined}
            onClick={() => onSelect(buyer.id)}
          >
            {buyer.company}
          </button>
        </li>
      ))}
    </ul>
  );
  return onCancel ? (
    <Dialog title={t`Select buyer`} onClose={onCancel}>
      {choices}
      {onAddCompany ? (
        <Button className={styles.add} onClick={onAddCompany}>
          {t`Add a company`}
        </Button>
      ) : null}
    </Dialog>
  ) : (
    <Dialog title={t`Select buyer`} dismissible={false}>
      {choices}
    </Dialog>
  );
}
