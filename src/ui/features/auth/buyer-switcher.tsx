import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSession } from '../session/session-context';
import { BuyerSelectDialog } from './buyer-select-dialog';
import styles from './auth-form.module.css';

/**
 * For the header: the company the customer acts for and, when they belong to several, a "Switch company"
 * button that opens the "Select buyer" dialog.
 */
export function BuyerSwitcher() {
  const { t } = useLingui();
  const { status, buyers, selectedBuyerId, selectBuyer } = useSession();
  const [open, setOpen] = useState(false);
  if (status !== 'authenticated') return null;
  const selected = buyers.find((b) => b.id === selectedBuyerId);
  return (
    <>
      {selected ? <span>{selected.company}</span> : null}
      {buyers.length > 1 ? (
        <button type="button" className={styles.switchButton} onClick={() => setOpen(true)}>
          {t`Switch company`}
        </button>
      ) : null}
      {open ? (
        <BuyerSelectDialog
          buyers={buyers}
          selectedBuyerId={selectedBuyerId}
          onSelect={(id) => {
            selectBuyer(id);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
