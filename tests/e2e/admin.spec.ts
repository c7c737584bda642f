import { expect, test, type Page } from '@playwright/test';
import { formatMoney as formatMoneyIn } from '../../src/domain/money';
import { activeSpecialPrice } from '../../src/domain/pricing';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { apiLogin, plainProducts, pullAll, type CatalogProduct } from './support/catalog-api';
import { waitForCatalogReady } from './support/catalog-ui';
import { seededCustomer } from './support/checkout';
import { logIn } from './support/session';

/**
 * Administrators (docs/decisions/025-admin-login-as.md, docs/product-rules.md §4.8): log in as a customer and
 * back, and change a product on `/my-account/product-admin`, which an open product page elsewhere shows
 * without a reload.
 */

/** The tests run in en-US (playwright.config.ts). */
const formatMoney = (cents: number): string => formatMoneyIn(cents, 'en-US');
const customer = seededCustomer('cust-0008');
const CUSTOMER_NAME = 'Γιάννης Βασιλείου';
const CUSTOMER_COMPANY = 'ΓΕΙΤΟΝΙΑ ΣΟΥΠΕΡ ΜΑΡΚΕΤ Ε.Π.Ε.';
const SCREENS = process.env.SCREENS_DIR ?? '/tmp/screens-admin';

async function shoot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/${name}-${width}.png` });
  }
  if (size) await page.setViewportSize(size);
}

const banner = (page: Page) => page.getByRole('region', { name: 'Logged in as a customer' });

test('an admin logs in as a customer, sees the banner and their company, and goes back', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.getByRole('button', { name: 'My account', exact: true }).click();
  await page.getByRole('button', { name: 'Log in as a customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in as a customer' });
  await dialog.getByLabel('Email or name').fill(customer.email);
  const hit = dialog.getByRole('button', { name: new RegExp(customer.email.replace(/[.]/g, '\\.')) });
  await expect(hit).toBeVisible();
  await shoot(page, 'login-as-search');
  await hit.click();
  await expect(dialog.getByText(customer.email)).toBeVisible();
  await shoot(page, 'login-as-confirm');
  await dialog.getByRole('button', { name: `Log in as ${CUSTOMER_NAME}` }).click();

  // The app reloads as the customer, the admin's id kept.
  await expect(banner(page)).toContainText(`You are logged in as ${CUSTOMER_NAME}`);
  await expect(page.getByText(CUSTOMER_COMPANY).first()).toBeVisible();
  await page.getByRole('button', { name: 'My account', exact: true }).click();
  await expect(page.getByText(customer.email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in as a customer' })).toHaveCount(0);
  await page.getByRole('button', { name: 'My account', exact: true }).click();
  await shoot(page, 'login-as-banner');

  await banner(page).getByRole('button', { name: 'Back to my account' }).click();
  await expect(banner(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'My account', exact: true }).click();
  await expect(page.getByText(DEMO.admin)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in as a customer' })).toBeVisible();
});

test('logging out of a login-as session returns to the admin', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.getByRole('button', { name: 'My account', exact: true }).click();
  await page.getByRole('button', { name: 'Log in as a customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in as a customer' });
  await dialog.getByLabel('Email or name').fill(customer.email);
  await dialog.getByRole('button', { name: new RegExp(customer.email.replace(/[.]/g, '\\.')) }).click();
  await dialog.getByRole('button', { name: `Log in as ${CUSTOMER_NAME}` }).click();
  await expect(banner(page)).toBeVisible();

  await page.getByRole('button', { name: 'My account', exact: true }).click();
  await page.getByRole('button', { name: 'Log out of this customer' }).click();
  await expect(banner(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'My account', exact: true }).click();
  await expect(page.getByText(DEMO.admin)).toBeVisible();
});

test('a price changed on the product admin page shows on an open product page elsewhere without a reload', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(page.request, DEMO.admin, DEMO_PASSWORD);
  const candidates = plainProducts(await pullAll<CatalogProduct>(page.request, token, 'products')).filter(
    (p) => p.price > 0 && activeSpecialPrice(p, Date.now()) === null,
  );
  // One from the middle: other specs change the first and the last.
  const product = candidates[Math.floor(candidates.length / 2)];
  if (!product) throw new Error('the seed has no plain product without a special price');
  const newPrice = product.price + 123;

  // super@demo.gr sees net prices (catalog-prices.spec.ts).
  const other = await browser.newContext();
  const watcher = await other.newPage();
  await logIn(watcher, DEMO.superUser, DEMO_PASSWORD);
  await waitForCatalogReady(watcher);
  await watcher.goto(`/p/${product.sku}/${product.slug}`);
  const priceTag = watcher.getByRole('main').getByTestId('price-tag').first();
  await expect(priceTag).toContainText(formatMoney(product.price));
  await watcher.evaluate(() => {
    (window as unknown as { e2eNotReloaded: boolean }).e2eNotReloaded = true;
  });

  await logIn(page, DEMO.admin, DEMO_PASSWORD);
  await waitForCatalogReady(page);
  await page.goto('/my-account/product-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  await page.getByLabel('Find a product by sku or name').fill(product.sku);
  await page
    .getByRole('list', { name: 'Products found' })
    .getByRole('button', { name: new RegExp(product.sku) })
    .first()
    .click();
  const price = page.getByLabel('Price without VAT (€)');
  await expect(price).toHaveValue((product.price / 100).toFixed(2));
  await price.fill('abc');
  await page.getByRole('button', { name: 'Save the product' }).click();
  await expect(page.getByText('Enter a price in euros, such as 12.50')).toBeVisible();
  await price.fill((newPrice / 100).toFixed(2).replace('.', ','));
  await page.getByRole('button', { name: 'Save the product' }).click();
  await expect(page.getByRole('status').filter({ hasText: `now costs ${formatMoney(newPrice)}` })).toBeVisible();
  await shoot(page, 'product-admin');

  await expect(priceTag).toContainText(formatMoney(newPrice), { timeout: 10_000 });
  expect(await watcher.evaluate(() => (window as unknown as { e2eNotReloaded?: boolean }).e2eNotReloaded)).toBe(true);
  await other.close();
});
