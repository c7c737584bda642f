import { useSession } from '../session/session-context';
import { BuyerSelectDialog } from './buyer-select-dialog';

/** The header's "Switch company" dialog: chooses among the signed-in customer's buyers. */
export function SelectBuyerDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { status, buyers, selectedBuyerId, selectBuyer } = useSession();
  if (!open || status !== 'authenticated') return null;
  return (
    <BuyerSelectDialog
      buyers={buyers}
      selectedBuyerId={selectedBuyerId}
      onSelect={(id) => {
        selectBuyer(id);
        onClose();
      }}
      onCancel={onClose}
    />
  );
}
