import { expect, test } from '@playwright/test';
import type { AddressWireDoc } from '../../src/contracts/address';
import type { BillingWireDoc } from '../../src/contracts/billing';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { apiLogin, plainProducts, pullAll, type CatalogProduct } from './support/catalog-api';
import { seriousViolations } from './support/axe';
import { cutNetwork, restoreNetwork, waitForCatalogReady, waitForServiceWorkerControl } from './support/catalog-ui';
import { buyersOf } from './support/cart';
import { addAddress, seededCustomer } from './support/checkout';
import { logIn } from './support/session';

/*
 * The account's buyer data (decision 021): a delivery address added offline on the shipping details page and
 * made the default reaches the bridge when the connection returns; the billing details are refreshed from the
 * company registry. A colleague of a company no other test edits the addresses of.
 */

const colleague = seededCustomer('cust-0005');

test('shipping details edited offline reach the bridge; billing details refresh from the registry', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { token, buyers } = await buyersOf(request, colleague.email);
  const buyer = buyers[0]!;
  const bridge = async <T>(path: string): Promise<T> => {
    const res = await request.get(`${path}?buyer_id=${buyer.id}`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { result: T }).result;
  };

  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await logIn(page, colleague.email, DEMO_PASSWORD);
    await waitForCatalogReady(page);
    await waitForServiceWorkerControl(page);
    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('link', { name: 'Shipping details' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping details' })).toBeVisible();

    await cutNetwork(context);
    await addAddress(page);
    const added = page.getByRole('listitem').filter({ hasText: 'Τσιμισκή 24' });
    await expect(added).toBeVisible();
    const makeDefault = added.getByRole('button', { name: /Make .* the default address/ });
    if (await makeDefault.isVisible()) {
      await makeDefault.click();
      await expect(page.getByText('Default shipping address is updated successfully')).toBeVisible();
    }
    await expect(added.getByText('Default', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect((await bridge<AddressWireDoc[]>('/api/bridge/buyer/addresses')).some((a) => a.street === 'Τσιμισκή')).toBe(false);

    await restoreNetwork(context);
    await expect
      .poll(async () => (await bridge<AddressWireDoc[]>('/api/bridge/buyer/addresses')).find((a) => a.street === 'Τσιμισκή')?.is_default, {
        timeout: 15_000,
      })
      .toBe(true);

    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('link', { name: 'Billing details' }).click();
    await page.getByRole('button', { name: 'Refresh from the company registry' }).click();
    await expect(page.getByText('The company data was refreshed from the registry.')).toBeVisible();
    // With SCREENSHOTS=1 (see screenshots-orders.spec.ts): both pages at desktop and phone widths.
    if (process.env.SCREENSHOTS) {
      const dir = process.env.SCREENS_DIR ?? '/tmp/screens';
      await page.screenshot({ path: `${dir}/account-billing-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${dir}/account-billing-390.png`, fullPage: true });
      await page.goto('/my-account/shipping-details');
      await expect(page.getByRole('heading', { level: 1, name: 'Shipping details' })).toBeVisible();
      await page.screenshot({ path: `${dir}/account-shipping-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: `${dir}/account-shipping-1280.png`, fullPage: true });
      await page.goto('/my-account/billing-details');
    }
    await expect
      .poll(async () => (await bridge<BillingWireDoc>('/api/bridge/buyer/billing')).updated_at, { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});

test('price appearance: the other choice saved, every price on screen follows at once', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const admin = await apiLogin(request, DEMO.admin, DEMO_PASSWORD);
  const product = plainProducts(await pullAll<CatalogProduct>(request, admin, 'products')).find((p) => p.price > 0 && p.tax_class_id > 0)!;
  const context = await browser.newContext();
  const page = await context.newPage();
  const priceTag = page.getByRole('main').getByTestId('price-tag').first();
  try {
    await logIn(page, colleague.email, DEMO_PASSWORD);
    await waitForCatalogReady(page);
    await page.goto(`/p/${product.sku}/${product.slug}`);
    await expect(priceTag).toContainText(/(excl|incl)\. VAT/);
    // The seed gives some customers VAT and others not: switch to the other one, then back.
    const before = (await priceTag.textContent())?.includes('incl.') ? 'incl.' : 'excl.';
    const [choice, after, back] = before === 'incl.' ? ['Without VAT', 'excl.', 'With VAT'] : ['With VAT', 'incl.', 'Without VAT'];

    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('link', { name: 'Price appearance' }).click();
    await page.getByRole('radio', { name: choice, exact: true }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Price appearance has successfully been changed')).toBeVisible();
    await page.goBack();
    await expect(priceTag).toContainText(`${after} VAT`);

    // And back, for the next run on this data.
    await page.goForward();
    await page.getByRole('radio', { name: back, exact: true }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.goBack();
    await expect(priceTag).toContainText(`${before} VAT`);
  } finally {
    await context.close();
  }
});
