import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { BridgeEvents } from '../../../replication/bridge-events';
import { useNotify } from '../notifications/notifications';

/** The bridge answered 426: this build is older than the server accepts; offer a reload (docs/architecture.md §4.8). */
export function UpdateRequiredNotice({ events }: { events: BridgeEvents }) {
  const { t } = useLingui();
  const notify = useNotify();
  useEffect(
    () =>
      events.on('update-required', () => {
        notify({
          type: 'warning',
          message: t`This version of the app is out of date. Please reload the page.`,
          timeToLive: 0,
          action: { label: t`Reload`, onClick: () => window.location.reload() },
        });
      }),
    [events, notify, t],
  );
  return null;
}
