import { useSession } from '../../shared/session/session-context';
import { BuyerSelectDialog } from './buyer-select-dialog';

/** After login: a customer of several companies with none remembered must choose one (docs/product-rules.md §3 Buyer). */
export function BuyerSelectionPrompt() {
  const { status, buyers, selectedBuyerId, selectBuyer } = useSession();
  if (status !== 'authenticated' || buyers.length < 2 || selectedBuyerId !== null) return null;
  return <BuyerSelectDialog buyers={buyers} selectedBuyerId={null} onSelect={selectBuyer} />;
}
