import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { apiLogin } from './support/catalog-api';
import { seriousViolations } from './support/axe';
import { cutNetwork, restoreNetwork, waitForCatalogReady, waitForServiceWorkerControl } from './support/catalog-ui';
import { addFromProductPage, buyersOf } from './support/cart';
import {
  addAddress,
  bridgeOrders,
  E2E_BILLING,
  editBilling,
  orderablePicks,
  quantityFor,
  seededCustomer,
  sendAfterReconnecting,
  throughSections,
} from './support/checkout';
import { logIn } from './support/session';

/*
 * Checkout and the order queue end to end (decision 020), as the owner of a seeded company no other test
 * orders for: two suppliers placed online reach the bridge once each; an order placed offline waits on the
 * device through a reload and is sent once, after the buyer agrees, when the connection returns; the
 * history shows all of them.
 */

const owner = seededCustomer('cust-0010');

test('checkout online and offline: every order reaches the bridge once, the history shows them', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { a, b, c, nameOf, minimumOf } = await orderablePicks(request);
  const { token, buyers } = await buyersOf(request, owner.email);
  const buyer = buyers[0]!;
  const before = (await bridgeOrders(request, token, buyer.id)).length;

  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, owner.email, DEMO_PASSWORD);
  await waitForCatalogReady(page);
  await waitForServiceWorkerControl(page);

  // Online: two suppliers, a new address checked by the product rules, one order each.
  await addFromProductPage(page, a, quantityFor(a, minimumOf(a)));
  await addFromProductPage(page, b, quantityFor(b, minimumOf(b)));
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await addAddress(page);
  await expect(page.getByRole('radio', { name: /Τσιμισκή 24/ })).toBeChecked();
  await throughSections(page, [nameOf(a), nameOf(b)]);
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByText('Sent to the supplier.')).toHaveCount(2, { timeout: 10_000 });
  await expect.poll(async () => (await bridgeOrders(request, token, buyer.id)).length, { timeout: 5000 }).toBe(before + 2);

  // Offline: the billing details are edited and the order waits on the device, through a reload; both go
  // once the buyer agrees to send the order when the connection returns.
  await addFromProductPage(page, c, quantityFor(c, minimumOf(c)));
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Τσιμισκή 24/ })).toBeChecked();
  await cutNetwork(context);
  await throughSections(page, [nameOf(c)], editBilling);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Order waiting! It will be sent when the connection returns.')).toBeVisible();
  await expect(page.getByRole('button', { name: '1 order waiting' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: '1 order waiting' })).toBeVisible();
  expect((await bridgeOrders(request, token, buyer.id)).length).toBe(before + 2);
  await restoreNetwork(context);
  await sendAfterReconnecting(page, '1 order waiting');
  const placed = await bridgeOrders(request, token, buyer.id);
  expect(placed).toHaveLength(before + 3);
  expect(new Set(placed.map((o) => o.order_id)).size).toBe(placed.length);
  expect(placed.at(-1)?.billing).toEqual(E2E_BILLING);
  const billing = await request.get(`/api/bridge/buyer/billing?buyer_id=${buyer.id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await billing.json()) as { result: object }).result).toMatchObject(E2E_BILLING);

  // The history: every order, searchable by its number.
  await page.goto('/my-account/orders');
  await expect(page.getByRole('status').filter({ hasText: /orders?$/ })).toHaveText(`${before + 3} orders`);
  const newest = placed.at(-1)!;
  await page.getByLabel('Search orders').fill(`#${newest.backend_order_id}`);
  await expect(page.getByRole('status').filter({ hasText: /orders?$/ })).toHaveText('1 order');
  await expect(page.getByText(`#${newest.backend_order_id}`)).toBeVisible();
  // Its detail says, from the bridge, what can be ordered again today and delivered to the default address.
  await page.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByRole('columnheader', { name: 'Today' })).toBeVisible();
  await expect(page.locator('td[data-availability="yes"]')).toHaveText('Available');
  expect(await seriousViolations(page)).toEqual([]);

  // An administrator accepts it: the open page shows the new status through the live events, long before the
  // 30-second pull would have.
  const admin = await apiLogin(request, DEMO.admin, DEMO_PASSWORD);
  const moved = await request.put(`/api/admin/orders/${newest.backend_order_id}/status`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { status: 'accepted' },
  });
  expect(moved.status()).toBe(200);
  await expect(page.locator('[data-status="accepted"]')).toBeVisible({ timeout: 4_000 });
  await context.close();
});
