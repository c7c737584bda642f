import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './support/accounts';
import { cutNetwork, restoreNetwork, waitForCatalogReady, waitForServiceWorkerControl } from './support/catalog-ui';
import { addFromProductPage, buyersOf } from './support/cart';
import { addAddress, bridgeOrders, orderablePicks, quantityFor, seededCustomer, throughSections } from './support/checkout';
import { logIn } from './support/session';

/*
 * The page is closed with an order queued (decision 020): the service worker sends it by Background Sync when
 * the connection returns, and the page, opened again, recognises it as sent. Headless Chromium does not fire
 * the sync event by itself reliably, so the test fires it through the DevTools Protocol as the browser would.
 */

const owner = seededCustomer('cust-0012');

/**
 * The requests in Workbox's Background Sync queue, read without getting in its way: the database is not
 * created when it does not exist yet (the service worker's Workbox creates it at its own version, and a
 * connection left open at another version blocks that upgrade for good), and the connection is closed at once.
 */
function countBackgroundSyncRequests(): Promise<number> {
  return new Promise<number>((resolve) => {
    const open = indexedDB.open('workbox-background-sync');
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(0);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('requests')) {
        db.close();
        resolve(0);
        return;
      }
      const count = db.transaction('requests').objectStore('requests').count();
      count.onsuccess = () => resolve(count.result);
      count.onerror = () => resolve(0);
      db.close();
    };
  });
}

test('an order placed offline is sent by the service worker after its tab was closed, once', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { a, nameOf, minimumOf } = await orderablePicks(request);
  const { token, buyers } = await buyersOf(request, owner.email);
  const buyer = buyers[0]!;
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, owner.email, DEMO_PASSWORD);
  await waitForCatalogReady(page);
  await waitForServiceWorkerControl(page);
  await addFromProductPage(page, a, quantityFor(a, minimumOf(a)));
  await page.goto('/checkout');
  await addAddress(page);
  await throughSections(page, [nameOf(a)]);
  const before = (await bridgeOrders(request, token, buyer.id)).length;

  // A page of another origin holds the DevTools session while the storefront's tab is closed.
  const keeper = await context.newPage();
  const cdp = await context.newCDPSession(keeper);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) => {
    for (const r of event.registrations) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');

  await cutNetwork(context);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Order waiting! It will be sent when the connection returns.')).toBeVisible();
  const origin = new URL(page.url()).origin;
  // The page handed the order to the service worker: its Background Sync queue holds one request.
  await expect.poll(() => page.evaluate(countBackgroundSyncRequests)).toBe(1);
  await page.close();
  expect((await bridgeOrders(request, token, buyer.id)).length).toBe(before);

  await restoreNetwork(context);
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: registrations.get(`${origin}/`)!,
    tag: 'workbox-background-sync:orders',
    lastChance: false,
  });
  await expect.poll(async () => (await bridgeOrders(request, token, buyer.id)).length, { timeout: 15_000 }).toBe(before + 1);

  // Opened again, the storefront shows the order as sent, and nothing is sent twice.
  const again = await context.newPage();
  await again.goto('/my-account/orders');
  await expect(again.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const after = await bridgeOrders(request, token, buyer.id);
  const sent = after.at(-1)!;
  const row = again.getByRole('listitem').filter({ hasText: `#${sent.backend_order_id}` });
  await expect(row.getByText('Pending', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(again.getByRole('button', { name: /orders? waiting/ })).toBeHidden({ timeout: 30_000 });
  expect(after).toHaveLength(before + 1);
  expect(new Set(after.map((o) => o.order_id)).size).toBe(after.length);
  await context.close();
});
