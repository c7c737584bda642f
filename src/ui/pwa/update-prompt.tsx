/// <reference types="vite-plugin-pwa/react" />
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useLingui } from '@lingui/react/macro';
import { useNotify } from '../features/notifications/notifications';

/** SPEC §9: the app looks for a new version every 10 minutes. */
const VERSION_CHECK_INTERVAL_MS = 600_000;

/**
 * Registers the service worker. A new deployment does not take over silently (a cart or checkout in
 * progress must not reload under the buyer): it waits and a permanent notification offers "Reload".
 */
export function UpdatePrompt() {
  const { t } = useLingui();
  const notify = useNotify();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update();
      }, VERSION_CHECK_INTERVAL_MS);
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });

  useEffect(() => {
    if (!needRefresh) return;
    notify({
      type: 'info',
      message: t`A new version is available`,
      timeToLive: 0,
      action: { label: t`Reload`, onClick: () => void updateServiceWorker(true) },
    });
  }, [needRefresh, notify, t, updateServiceWorker]);

  return null;
}
