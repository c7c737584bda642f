import { expect, type BrowserContext, type Page } from '@playwright/test';

/** src/ui/shared/catalog-sync/browser-catalog-sync.ts CATALOG_SYNC_STORAGE_KEY. */
const CATALOG_SYNC_STORAGE_KEY = 'b2b.catalog-sync.v2';
const COLLECTIONS = ['products', 'categories', 'suppliers', 'catalog_meta'] as const;

/**
 * The first sync is done: the "Catalogue download" progress bar is gone and the persisted status says
 * every collection is ready (the bar alone could also be absent because the layout has not mounted yet).
 */
export async function waitForCatalogReady(page: Page, timeout = 30_000): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          ({ key, collections }) => {
            const status = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, { ready?: boolean }>;
            return collections.every((c) => status[c]?.ready === true);
          },
          { key: CATALOG_SYNC_STORAGE_KEY, collections: [...COLLECTIONS] },
        ),
      { message: 'every catalogue collection ready in localStorage', timeout },
    )
    .toBe(true);
  await expect(page.getByRole('progressbar', { name: 'Catalogue download' })).toHaveCount(0);
}

/** Waits until the service worker is active and controls this page (a first visit is not controlled yet). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!controlled) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
}

/** setOffline does not stop requests made by the service worker (playwright #2311): abort them too. */
export async function cutNetwork(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

export async function restoreNetwork(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}
