import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { seriousViolations } from './support/axe';
import { apiLogin, pullAll, type CatalogSupplier } from './support/catalog-api';
import { waitForCatalogReady } from './support/catalog-ui';
import { orderablePicks, seededCustomer } from './support/checkout';
import { homeHeading, logIn } from './support/session';

/*
 * The overlays of docs/product-rules.md §2.5: the wishlist (a favourite marked on a listing card shows in it
 * and is removed from it), the price-with-VAT selector (prices follow at once; switched back at the end so
 * other tests see prices without VAT) and the phone sidebar. Each open overlay has no serious axe violation.
 */

const customer = seededCustomer('cust-0013');
const ADD = /^Add .+ to favourites$/;

async function shot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  const dir = process.env.SCREENS_DIR ?? '/tmp/screens-overlays';
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.screenshot({ path: `${dir}/${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-390.png` });
  await page.setViewportSize(size);
}

const wishlistButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Favourites, \d+ products?$/ });

test('wishlist, price-with-VAT selector and sidebar overlays', async ({ page, request }) => {
  test.setTimeout(120_000);
  await logIn(page, customer.email, DEMO_PASSWORD);
  await waitForCatalogReady(page);
  await shot(page, 'header');

  // A favourite marked on a listing card shows in the wishlist, newest first, and leaves it from there.
  const { a } = await orderablePicks(request);
  const admin = await apiLogin(request, DEMO.admin, DEMO_PASSWORD);
  const supplier = (await pullAll<CatalogSupplier>(request, admin, 'suppliers')).find((s) => s.id === a.supplier_id)!;
  await page.goto(`/c/all/s/${supplier.slug}`);
  const card = page
    .getByTestId('product-card')
    .filter({ has: page.getByRole('button', { name: ADD }) })
    .first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  const before = Number(await page.getByTestId('wishlist-count').textContent());
  await card.getByRole('button', { name: ADD }).click();
  await expect(page.getByTestId('wishlist-count')).toHaveText(String(before + 1));
  await wishlistButton(page).click();
  const wishlist = page.getByRole('dialog', { name: 'Favourites' });
  await expect(wishlist.getByTestId('wishlist-item').first().getByRole('link')).toHaveText(name);
  await expect(wishlist.getByRole('link', { name: 'See all favourites' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'wishlist');
  await wishlist.getByRole('button', { name: `Remove ${name} from favourites` }).click();
  await expect(wishlist.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expect(page.getByTestId('wishlist-count')).toHaveText(String(before));
  await page.keyboard.press('Escape');
  await expect(wishlist).toBeHidden();

  // Prices with VAT from the listing's selector: the cards follow at once; then back without VAT.
  // A product with VAT (not 0%), so the amount itself changes.
  const price = page.getByTestId('price-tag').filter({ hasNotText: / 0%/ }).first();
  await expect(price).toContainText('excl. VAT');
  const net = await price.textContent();
  await page.getByRole('button', { name: 'Prices excl. VAT' }).click();
  const selector = page.getByRole('dialog', { name: 'Price appearance' });
  await selector.getByRole('radio', { name: 'With VAT' }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'price-appearance');
  await selector.getByRole('button', { name: 'Save' }).click();
  await expect(selector).toBeHidden();
  const amountOf = (text: string | null) => text!.split(/(excl|incl)\. VAT/)[0]!.trim();
  await expect(price).toContainText('incl. VAT');
  expect(amountOf(await price.textContent())).not.toBe(amountOf(net));
  await page.getByRole('button', { name: 'Prices incl. VAT' }).click();
  await selector.getByRole('radio', { name: 'Without VAT' }).check();
  await selector.getByRole('button', { name: 'Save' }).click();
  await expect(selector).toBeHidden();
  await expect(price).toHaveText(net!);

  // The sidebar on a phone: the menu leads to a page and closes.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(homeHeading(page)).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('region', { name: 'Categories' }).getByRole('link').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'sidebar');
  await menu.getByRole('link', { name: 'Suppliers' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Suppliers' })).toBeVisible();
});
