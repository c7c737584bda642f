import { useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/button';
import { IconButton } from '../../components/icon-button';
import type { NotificationCenter } from './notification-center';
import type { ShownNotification } from './notification-list';
import styles from './notification-region.module.css';

/**
 * Two live regions that exist before anything is put in them (otherwise screen readers miss the first
 * message): errors interrupt (`alert`), everything else waits its turn (`status`).
 */
export function NotificationRegion({ center }: { center: NotificationCenter }) {
  const { t } = useLingui();
  const shown = useSyncExternalStore(center.subscribe, center.getSnapshot, center.getSnapshot);
  const errors = shown.filter((n) => n.type === 'error');
  const others = shown.filter((n) => n.type !== 'error');
  return (
    <section className={styles.region} aria-label={t`Notifications`}>
      <div role="alert" className={styles.stack}>
        {errors.map((n) => (
          <NotificationItem key={n.id} notification={n} onDismiss={center.dismiss} />
        ))}
      </div>
      <div role="status" className={styles.stack}>
        {others.map((n) => (
          <NotificationItem key={n.id} notification={n} onDismiss={center.dismiss} />
        ))}
      </div>
    </section>
  );
}

function NotificationItem({ notification, onDismiss: dismiss }: { notification: ShownNotification; onDismiss(id: number): void }) {
  const { t } = useLingui();
  const { action } = notification;
  return (
    <div className={`${styles.item} ${styles[notification.type]}`} data-type={notification.type}>
      <p className={styles.message}>{notification.message}</p>
      <div className={styles.buttons}>
        {action && (
          <Button
            size="small"
            onClick={() => {
              action.onClick();
              dismiss(notification.id);
            }}
          >
            {action.label}
          </Button>
        )}
        <IconButton label={t`Close notification`} onClick={() => dismiss(notification.id)}>
          <span aria-hidden="true">×</span>
        </IconButton>
      </div>
    </div>
  );
}
