import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { observeOutboxSummary } from '../../db/queries/sync-tasks';
import { observeQueuedOrders } from '../../db/queries/orders';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { FormAlert } from '../components/form-alert';
import form from '../components/form.module.css';
import { useDatabase } from '../shared/database/database-provider';
import { useObservable } from '../shared/database/use-observable';
import { useSession } from '../shared/session/session-context';

/**
 * The logout modal: asks before ending the session, and says what stays behind. Orders and requests that have not
 * reached the marketplace stay on this device and are sent when someone of that company signs in here again
 * (docs/product-rules.md §4 Session), so the person learns it before leaving, not after.
 */
export function LogoutDialog({ onConfirm, onClose }: { onConfirm(): void; onClose(): void }) {
  const { t } = useLingui();
  const db = useDatabase();
  const { customer, selectedBuyerId } = useSession();
  const orders = useObservable(() => (db && customer ? observeQueuedOrders(db, customer.id) : null), [db, customer?.id]);
  const outbox = useObservable(
    () => (db && customer && selectedBuyerId ? observeOutboxSummary(db, customer.id, selectedBuyerId) : null),
    [db, customer?.id, selectedBuyerId],
  );
  const waitingOrders = orders?.length ?? 0;
  const waitingRequests = outbox?.waiting ?? 0;
  return (
    <Dialog title={t`Log out`} description={t`Do you want to log out of the marketplace on this device?`} onClose={onClose}>
      <div className={form.stack}>
        {waitingOrders > 0 ? (
          <FormAlert tone="warning">
            <Plural
              value={waitingOrders}
              one="# order has not been sent yet. It stays on this device and is sent when someone of your company signs in here again."
              other="# orders have not been sent yet. They stay on this device and are sent when someone of your company signs in here again."
            />
          </FormAlert>
        ) : null}
        {waitingRequests > 0 ? (
          <FormAlert tone="warning">
            <Plural
              value={waitingRequests}
              one="# change or request has not been sent yet; it waits on this device the same way."
              other="# changes or requests have not been sent yet; they wait on this device the same way."
            />
          </FormAlert>
        ) : null}
        <div className={form.actions}>
          <Button onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="primary" onClick={onConfirm}>
            <Trans>Log out</Trans>
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
