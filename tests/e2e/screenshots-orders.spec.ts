import { mkdir } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './support/accounts';
import { cutNetwork, restoreNetwork, waitForCatalogReady, waitForServiceWorkerControl } from './support/catalog-ui';
import { addFromProductPage } from './support/cart';
import { addAddress, orderablePicks, quantityFor, seededCustomer, sendAfterReconnecting, throughSections } from './support/checkout';
import { logIn } from './support/session';

// Opt-in visual check, not part of `npm test`: SCREENSHOTS=1 npx playwright test screenshots-orders writes
// the checkout's sections, its review, the thank-you state, the queued orders and the order history at phone
// and desktop widths into /tmp/screens/ (outside the repo). Owners of two seeded companies nobody else orders for.
const SCREENS_DIR = process.env.SCREENS_DIR ?? '/tmp/screens';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');

for (const [width, customerId] of [
  [390, 'cust-0006'],
  [1280, 'cust-0008'],
] as const) {
  test(`checkout and orders screenshots at ${width} px`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    await mkdir(SCREENS_DIR, { recursive: true });
    const { a, b, nameOf, minimumOf } = await orderablePicks(request);
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
    const page = await context.newPage();
    const shot = (name: string, fullPage = true) => page.screenshot({ path: `${SCREENS_DIR}/${name}-${width}.png`, fullPage });
    await logIn(page, seededCustomer(customerId).email, DEMO_PASSWORD);
    await waitForCatalogReady(page);
    await waitForServiceWorkerControl(page);
    await addFromProductPage(page, a, quantityFor(a, minimumOf(a)));
    await addFromProductPage(page, b, quantityFor(b, minimumOf(b)));
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await shot('checkout-addresses');
    await page.getByRole('button', { name: 'Add a new address' }).click();
    await page.getByRole('dialog', { name: 'New delivery address' }).getByLabel('Postcode').fill('00123');
    await page.getByRole('dialog', { name: 'New delivery address' }).getByLabel('Phone').fill('210');
    await shot('checkout-address-modal', false);
    await page.keyboard.press('Escape');
    await addAddress(page);
    await shot('checkout-address');
    await throughSections(page, [nameOf(a), nameOf(b)], async () => {
      await shot('checkout-billing');
      await page.getByRole('button', { name: 'Edit billing details' }).click();
      const modal = page.getByRole('dialog', { name: 'Billing details' });
      await modal.getByLabel('Tax number (AFM)').fill('094014202');
      await expect(modal.getByText('This tax number is not valid')).toBeVisible();
      await shot('checkout-billing-modal', false);
      await page.keyboard.press('Escape');
    });
    await shot('checkout-review');
    await cutNetwork(context);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await shot('checkout-thank-you');
    await page.getByRole('button', { name: '2 orders waiting' }).click();
    await expect(page.getByRole('dialog', { name: 'Orders waiting to be sent' })).toBeVisible();
    await shot('orders-waiting', false);
    await page.keyboard.press('Escape');
    await restoreNetwork(context);
    await sendAfterReconnecting(page, '2 orders waiting');
    await page.goto('/my-account/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await page.getByRole('button', { name: 'Details' }).first().click();
    await shot('orders-history');
    await context.close();
  });
}
