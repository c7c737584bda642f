import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { useFormatDateTime, useFormatMoney } from '../../shared/i18n/use-formatters';
import { useOrderQueue } from '../../shared/orders/order-queue-context';
import styles from './orders.module.css';

/**
 * The header's indicator of orders still on the device (docs/product-rules.md §4.10): how many wait, their
 * list, and "Send now". Hidden while nothing waits. Also asks, when the connection returns, whether to send them.
 */
export function QueuedOrdersButton() {
  const { t } = useLingui();
  const queue = useOrderQueue();
  const [open, setOpen] = useState(false);
  if (!queue) return null;
  const count = queue.queued?.length ?? 0;
  return (
    <>
      {count > 0 ? (
        <button
          type="button"
          className={styles.queueButton}
          aria-haspopup="dialog"
          aria-label={count === 1 ? t`1 order waiting` : t`${count} orders waiting`}
          onClick={() => setOpen(true)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
            <path
              d="M12 7v5l3 2m6-2a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>{count}</span>
        </button>
      ) : null}
      {open ? <QueuedOrdersDialog onClose={() => setOpen(false)} /> : null}
      {queue.reconnectPrompt && count > 0 ? (
        <Dialog
          title={t`You are back online`}
          onClose={queue.dismissReconnectPrompt}
          footer={
            <>
              <Button onClick={queue.dismissReconnectPrompt}>
                <Trans>Later</Trans>
              </Button>
              <Button
                variant="primary"
                onClick={() => {
                  queue.dismissReconnectPrompt();
                  void queue.sendNow();
                }}
              >
                <Trans>Send now</Trans>
              </Button>
            </>
          }
        >
          <p>
            {count === 1
              ? t`1 order is waiting on this device. Send it now?`
              : t`${count} orders are waiting on this device. Send them now?`}
          </p>
        </Dialog>
      ) : null}
    </>
  );
}

function QueuedOrdersDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useLingui();
  const queue = useOrderQueue();
  const money = useFormatMoney();
  const dateTime = useFormatDateTime();
  if (!queue) return null;
  const orders = queue.queued ?? [];
  return (
    <Dialog
      title={t`Orders waiting to be sent`}
      onClose={onClose}
      footer={
        <Button variant="primary" busy={queue.sending} disabled={queue.sending || orders.length === 0} onClick={() => void queue.sendNow()}>
          {queue.sending ? t`Processing order...` : t`Send now`}
        </Button>
      }
    >
      {queue.persistent === false ? (
        <p className={styles.warning}>
          <Trans>
            These orders are kept only in this browser until they are sent. The browser may delete them if the device runs low on space or
            this site is not used for some days. Connect to the internet to send them.
          </Trans>
        </p>
      ) : null}
      {orders.length === 0 ? (
        <p>
          <Trans>No order is waiting.</Trans>
        </p>
      ) : (
        <ul className={styles.list}>
          {orders.map((order) => (
            <li key={order.id} className={styles.order}>
              <div className={styles.orderHead}>
                <span>{order.supplierName}</span>
                <span>{money(order.total)}</span>
              </div>
              <span className={styles.muted}>
                <Trans>Placed {dateTime(new Date(order.createdAt))}</Trans>
              </span>
              {order.lastError ? (
                <span className={styles.error}>{i18n._(order.lastError.description)}</span>
              ) : (
                <span className={styles.muted}>
                  <Trans>Waiting to be sent</Trans>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
