/// <reference types="vite-plugin-pwa/react" />
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useLingui } from '@lingui/react/macro';
import { useNotify } from '../shared/notifications/notifications';

/** docs/product-rules.md §9: the app looks for a new version every 10 minutes. */
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
      action: { label: t`Reload`, onClick: () => void activateNewVersion(updateServiceWorker) },
    });
  }, [needRefresh, notify, t, updateServiceWorker]);

  return null;
}

/**
 * Lets the waiting worker take over, then reloads. The plugin reloads only on Workbox's "controlling"
 * event, which never fires when the update was found by `registration.update()` (our periodic check):
 * Workbox counts that worker as "external". Listening to `controllerchange` ourselves covers both cases.
 */
async function activateNewVersion(updateServiceWorker: (reload?: boolean) => Promise<void>): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  if (!registration?.waiting) {
    // Another tab already switched to the new version; this page only needs to load it.
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  await updateServiceWorker(true);
}
