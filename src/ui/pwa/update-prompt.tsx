/// <reference types="vite-plugin-pwa/react" />
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useLingui } from '@lingui/react/macro';
import { isDatabaseReplaced, onDatabaseReplaced } from '../../db/database-replaced';
import { useNotify } from '../shared/notifications/notifications';
import { classifyCodeLoadFailure } from '../shared/new-version/code-load-failure';
import { announceNewVersion, announceNewVersionAgain, useNewVersionAnnouncement } from '../shared/new-version/new-version-signal';

/** docs/product-rules.md §9: the app looks for a new version every 10 minutes. */
const VERSION_CHECK_INTERVAL_MS = 600_000;

/**
 * Registers the service worker. A new deployment does not take over silently (a cart or checkout in
 * progress must not reload under the buyer): it waits and a permanent notification offers "Reload". The
 * same notification appears when this tab finds that a newer deployment removed code it still needs
 * (docs/decisions/032-safe-upgrades.md).
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
    // Another tab's "Reload" put the new worker in charge of this one too. The plugin would reload this tab
    // at once, under a buyer who may be halfway through a form; it keeps running and keeps the prompt
    // instead, and code it has not loaded yet is handled when it turns out to be gone (decision 032).
    onNeedReload() {
      announceNewVersion();
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });

  const announcement = useNewVersionAnnouncement();
  useEffect(() => listenForReplacedCode(), []);
  // A tab of a newer build took the local database over: this one can no longer save (decision 032 §2).
  useEffect(() => onDatabaseReplaced(announceNewVersion), []);
  useEffect(() => listenForRefusedWrites(), []);

  useEffect(() => {
    if (!needRefresh && announcement === 0) return;
    notify({
      type: 'info',
      message: t`A new version is available`,
      timeToLive: 0,
      action: { label: t`Reload`, onClick: () => void activateNewVersion(updateServiceWorker) },
    });
  }, [needRefresh, announcement, notify, t, updateServiceWorker]);

  return null;
}

/**
 * Vite's preload helper announces a chunk (or its styles) that failed to load before the import rejects;
 * the import's own rejection still reaches the error boundary, which shows what the page has instead.
 */
function listenForReplacedCode(): () => void {
  const onPreloadError = (event: Event) => {
    void classifyCodeLoadFailure((event as Event & { payload?: unknown }).payload).then((failure) => {
      if (failure === 'new-version') announceNewVersion();
    });
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}

/**
 * After a newer tab took the database over, every save of this tab fails on the closed database, wherever
 * it was started; the one answer that helps is the reload, so the prompt comes back. What the buyer typed
 * stays in the form.
 */
function listenForRefusedWrites(): () => void {
  const onFailure = (event: PromiseRejectionEvent) => {
    if (!isDatabaseReplaced()) return;
    event.preventDefault();
    announceNewVersionAgain();
  };
  window.addEventListener('unhandledrejection', onFailure);
  return () => window.removeEventListener('unhandledrejection', onFailure);
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
  // The buyer asked for a reload: it happens even when the switch is not announced to this page (seen in the
  // deployment e2e: the prompt went, the page stayed on the old version).
  setTimeout(() => window.location.reload(), RELOAD_AT_THE_LATEST_MS);
  await updateServiceWorker(true);
}

/** How long "Reload" waits for the new service worker to take over before it reloads anyway. */
const RELOAD_AT_THE_LATEST_MS = 3000;
