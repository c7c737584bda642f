import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { parseOrderProblems } from '../../../contracts/order';
import { acceptHeldOrderChanges, deleteWaitingOrder, returnOrderToCart } from '../../../db/commands/held-orders';
import { orderLinesOf, type OrderView } from '../../../db/queries/orders';
import { systemClock } from '../../../domain/clock';
import { settleLines } from '../../../domain/order/fix';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { useCart } from '../../shared/cart/cart-context';
import { useDatabase } from '../../shared/database/database-provider';
import { useNotify } from '../../shared/notifications/notifications';
import { useOrderQueue } from '../../shared/orders/order-queue-context';
import { useProblemText } from '../../shared/orders/problem-text';
import { useSession } from '../../shared/session/session-context';
import styles from './orders-page.module.css';

/**
 * What the buyer can do with an order still on the device: see why the bridge refused it, accept its changes
 * (today's prices, the stock left, products no longer sold) and send it again, put it back in the cart, or
 * delete it. An order leaves the device unsent only this way.
 */
export function WaitingOrderActions({ order }: { order: OrderView }) {
  const { t } = useLingui();
  const db = useDatabase();
  const queue = useOrderQueue();
  const { actions } = useCart();
  const { customer, selectedBuyerId } = useSession();
  const notify = useNotify();
  const problemText = useProblemText(order.lines);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const problems = order.lastError?.code === 422 ? parseOrderProblems(order.lastError.problems) : [];
  // Offered only when accepting settles everything the bridge named and leaves something to send.
  const acceptable = problems.length > 0 && settleLines(orderLinesOf(order), problems).unresolved.length === 0;

  if (!db || !customer || !selectedBuyerId) return null;
  const scope = { customerId: customer.id, buyerId: selectedBuyerId };

  const accept = async () => {
    const outcome = await acceptHeldOrderChanges(db, order.id, systemClock.now());
    if (outcome.ok) await queue?.sendNow();
  };
  const backToCart = async () => {
    const result = await returnOrderToCart(db, scope, order.id, systemClock.now(), navigator.onLine);
    actions?.refreshStock();
    if (result)
      notify({
        type: result.skipped > 0 ? 'warning' : 'success',
        message:
          result.skipped > 0
            ? t`${result.added} products are back in your cart; ${result.skipped} could not be added (no longer available or out of stock).`
            : t`The products of this order are back in your cart.`,
      });
  };

  return (
    <>
      {problems.length > 0 ? (
        <ul className={styles.problems} aria-label={t`What the supplier's system answered`}>
          {problems.map((p, i) => (
            <li key={i}>{problemText(p)}</li>
          ))}
        </ul>
      ) : null}
      <div className={styles.actions}>
        {acceptable ? (
          <Button size="small" variant="primary" onClick={() => void accept()}>
            <Trans>Accept the changes and send</Trans>
          </Button>
        ) : null}
        <Button size="small" onClick={() => void backToCart()}>
          <Trans>Back to the cart</Trans>
        </Button>
        <Button size="small" variant="danger" onClick={() => setConfirmDelete(true)}>
          <Trans>Delete order</Trans>
        </Button>
      </div>
      {confirmDelete ? (
        <Dialog
          title={t`Delete this order?`}
          description={t`It has not reached the supplier. Deleted, it will not be sent.`}
          onClose={() => setConfirmDelete(false)}
          footer={
            <>
              <Button onClick={() => setConfirmDelete(false)}>
                <Trans>Keep it</Trans>
              </Button>
              <Button
                variant="danger"
                onClick={() => {
                  setConfirmDelete(false);
                  void deleteWaitingOrder(db, order.id);
                }}
              >
                <Trans>Delete order</Trans>
              </Button>
            </>
          }
        >
          {null}
        </Dialog>
      ) : null}
    </>
  );
}
