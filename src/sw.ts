/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { installMediaCache } from './replication/media-cache';
import { installOrderBackgroundSync } from './replication/order-background-sync';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// registerType 'prompt': a new version waits until the buyer presses "Reload" (the page then posts this).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// The app shell: every built asset, so a reload with the network off still opens the storefront.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install controls the open page at once, so its product images are cached on the first visit.
clientsClaim();

// SPA routes (/c/…, /p/…, /de/…) all answer with index.html; the API and media are real network paths.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/media\//],
  }),
);

// Product and supplier pictures for offline use: the seen ones within a budget, the cart's and favourites' always
// (docs/decisions/029-images-offline.md).
installMediaCache(self);

// Orders still waiting on the device, handed over by the page, go out by Background Sync when the connection
// returns, even with every tab closed.
installOrderBackgroundSync(self);
