import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { seriousViolations } from './support/axe';
import { apiLogin, patchProduct } from './support/catalog-api';
import { cutNetwork, restoreNetwork, waitForCatalogReady, waitForServiceWorkerControl } from './support/catalog-ui';
import { addFromProductPage, buyersOf } from './support/cart';
import { addAddress, bridgeOrders, orderablePicks, quantityFor, seededCustomer, throughSections } from './support/checkout';
import { logIn } from './support/session';

/*
 * An order placed offline whose price the supplier changed meanwhile (decision 020): the bridge refuses it
 * with 422 when the connection returns, the order waits on the device with the reason, and the buyer accepts
 * the new price and sends it again; the bridge stores it once, at the new price.
 */

// A colleague (not a super user) of a company whose owner only the opt-in screenshots use.
const colleague = seededCustomer('cust-0009');

test('a refused order waits with its reason until the buyer accepts the change, then reaches the bridge once', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { late: product, nameOf, minimumOf } = await orderablePicks(request);
  const admin = await apiLogin(request, DEMO.admin, DEMO_PASSWORD);
  const { token, buyers } = await buyersOf(request, colleague.email);
  const buyer = buyers[0]!;
  const before = (await bridgeOrders(request, token, buyer.id)).length;

  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await logIn(page, colleague.email, DEMO_PASSWORD);
    await waitForCatalogReady(page);
    await waitForServiceWorkerControl(page);
    await addFromProductPage(page, product, quantityFor(product, minimumOf(product)));
    await page.goto('/checkout');
    await addAddress(page);
    await throughSections(page, [nameOf(product)]);
    await cutNetwork(context);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('button', { name: '1 order waiting' })).toBeVisible();

    // Meanwhile the supplier raises the price by 50 cents.
    await patchProduct(request, admin, product.sku, { price: product.price + 50 });
    await restoreNetwork(context);
    const prompt = page.getByRole('dialog', { name: 'You are back online' });
    await prompt.getByRole('button', { name: 'Send now' }).click();
    await page.goto('/my-account/orders');
    const waiting = page.locator('li', { has: page.locator('[data-status="waiting"]') });
    await expect(waiting.getByText(/the price is now/)).toBeVisible({ timeout: 15_000 });
    expect((await bridgeOrders(request, token, buyer.id)).length).toBe(before);
    expect(await seriousViolations(page)).toEqual([]);
    // With SCREENSHOTS=1 (see screenshots-orders.spec.ts), the held order as the buyer sees it.
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: `${process.env.SCREENS_DIR ?? '/tmp/screens'}/orders-held-1280.png`, fullPage: true });

    await waiting.getByRole('button', { name: 'Accept the changes and send' }).click();
    await expect(page.getByRole('button', { name: '1 order waiting' })).toBeHidden({ timeout: 15_000 });
    const placed = await bridgeOrders(request, token, buyer.id);
    expect(placed).toHaveLength(before + 1);
    expect(placed.at(-1)?.lines[0]).toMatchObject({ sku: product.sku, price: product.price + 50 });
    await expect(page.locator('[data-status="waiting"]')).toHaveCount(0);
  } finally {
    await patchProduct(request, admin, product.sku, { price: product.price });
    await context.close();
  }
});
