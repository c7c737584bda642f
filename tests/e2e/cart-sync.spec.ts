import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { seriousViolations } from './support/axe';
import { addFromProductPage, buyersOf, cartButton, cartDialog, localCart, serverCart } from './support/cart';
import { apiLogin, plainProducts, pullAll, type CatalogProduct } from './support/catalog-api';
import { cutNetwork, restoreNetwork, waitForCatalogReady } from './support/catalog-ui';
import { logIn } from './support/session';

/*
 * One cart seen from many places (decision 018): two tabs of one buyer, a coupon applied in one of them,
 * and the same person editing the same line in two browsers while both are offline. The admin demo account
 * has a cart of its own, so this runs beside the other cart test without touching its cart.
 */

async function setQuantity(page: Page, product: CatalogProduct, qty: number): Promise<void> {
  await cartButton(page).click();
  const field = cartDialog(page).getByLabel(`Quantity of ${product.name_en}`);
  await field.fill(String(qty));
  await field.press('Enter');
  await page.keyboard.press('Escape');
}

test('two tabs share one cart and its coupon; two browsers editing one line offline end with the merged quantity', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await apiLogin(request, DEMO.admin, DEMO_PASSWORD);
  // SAVE5 takes 5 € off from 50 € incl. VAT: enough pieces of one product to pass that.
  const product = plainProducts(await pullAll<CatalogProduct>(request, token, 'products')).find(
    (p) => p.type_id === 'simple' && p.is_in_stock && p.price >= 1000 && p.price <= 2400 && p.qty >= 20,
  )!;
  const qty = Math.ceil(5000 / product.price);
  const { buyers } = await buyersOf(request, DEMO.admin);
  const buyerId = buyers[0]!.id;

  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, DEMO.admin, DEMO_PASSWORD);
  await waitForCatalogReady(page);
  await addFromProductPage(page, product, qty);
  await expect(cartButton(page)).toHaveAccessibleName(`Cart, ${qty} items`);

  // A second tab shows the same cart at once, from the same local database.
  const tab = await context.newPage();
  await tab.goto('/');
  await expect(cartButton(tab)).toHaveAccessibleName(`Cart, ${qty} items`);

  // A coupon in the second tab: an unknown code is refused with its reason and stays typed; SAVE5 applies.
  await cartButton(tab).click();
  const dialog = cartDialog(tab);
  const code = dialog.getByLabel('Coupon code');
  await code.fill('nope');
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(dialog.getByText('This coupon code does not exist')).toBeVisible();
  await expect(code).toHaveValue('nope');
  await code.fill('save5');
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(dialog.getByText(/Coupon SAVE5 applied/)).toBeVisible();
  await expect(dialog.getByText('Coupon discount incl. VAT')).toBeVisible();
  expect(await seriousViolations(tab)).toEqual([]);
  await tab.keyboard.press('Escape');
  await tab.close();

  // The first tab shows the discount too.
  await cartButton(page).click();
  await expect(cartDialog(page).getByText('Coupon discount incl. VAT')).toBeVisible();
  await cartDialog(page).getByRole('button', { name: 'Remove coupon SAVE5' }).click();
  await expect(cartDialog(page).getByText('Coupon discount incl. VAT')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The same person in a second browser; both edit the line offline: +1 here, +3 there.
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  await logIn(laptopPage, DEMO.admin, DEMO_PASSWORD);
  await expect(cartButton(laptopPage)).toHaveAccessibleName(`Cart, ${qty} items`, { timeout: 10_000 });
  await cutNetwork(context);
  await cutNetwork(laptop);
  await setQuantity(page, product, qty + 1);
  await setQuantity(laptopPage, product, qty + 3);
  const admin = await buyersOf(request, DEMO.admin);
  expect(await serverCart(request, admin.token, buyerId)).toEqual([`${product.sku}×${qty}`]);

  // Back online one after the other: the quantities merge (docs/product-rules.md §4 "merge quantities").
  await restoreNetwork(context);
  await expect.poll(() => serverCart(request, admin.token, buyerId), { timeout: 5000 }).toEqual([`${product.sku}×${qty + 1}`]);
  await restoreNetwork(laptop);
  const merged = [`${product.sku}×${qty + 4}`];
  await expect.poll(() => serverCart(request, admin.token, buyerId), { timeout: 5000 }).toEqual(merged);
  await expect(cartButton(page)).toHaveAccessibleName(`Cart, ${qty + 4} items`, { timeout: 5000 });
  await expect(cartButton(laptopPage)).toHaveAccessibleName(`Cart, ${qty + 4} items`, { timeout: 5000 });
  expect(await localCart(page)).toEqual(merged);
  expect(await localCart(laptopPage)).toEqual(merged);
  await laptop.close();
  await context.close();
});
