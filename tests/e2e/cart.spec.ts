import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { seriousViolations } from './support/axe';
import { apiLogin, plainProducts, pullAll, type CatalogProduct } from './support/catalog-api';
import { cutNetwork, restoreNetwork, waitForCatalogReady, waitForServiceWorkerControl } from './support/catalog-ui';
import { addFromProductPage, buyersOf, cartButton, cartDialog, localCart, serverCart } from './support/cart';
import { logIn, selectBuyerDialog } from './support/session';

/*
 * The cart end to end (decision 018): two suppliers online, edits offline, a reload offline, the bridge equal
 * to the device within 5 s of reconnecting, the same person in a second browser, a colleague, another buyer.
 * The super user and the plain demo user share the first demo company.
 */

test('a cart across suppliers, offline edits, devices, colleagues and buyers', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await apiLogin(request, DEMO.admin, DEMO_PASSWORD);
  const products = plainProducts(await pullAll<CatalogProduct>(request, admin, 'products')).filter(
    (p) => p.type_id === 'simple' && p.is_in_stock && p.qty > 20 && p.price > 0,
  );
  const [a, b, c] = [
    products[0]!,
    products.find((p) => p.supplier_id !== products[0]!.supplier_id)!,
    products.find((p) => p.supplier_id === products[0]!.supplier_id && p.sku !== products[0]!.sku)!,
  ];
  const superUser = await buyersOf(request, DEMO.superUser);
  const [first, second] = superUser.buyers;

  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, DEMO.superUser, DEMO_PASSWORD, first!.company);
  await waitForCatalogReady(page);
  await waitForServiceWorkerControl(page);

  // Online: two suppliers.
  await addFromProductPage(page, a, 2);
  await expect(page.getByText('Product has been added to the cart!')).toBeVisible();
  await addFromProductPage(page, b, 1);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');
  await expect.poll(() => serverCart(request, superUser.token, first!.id), { timeout: 5000 }).toEqual([`${a.sku}×2`, `${b.sku}×1`].sort());

  // The microcart groups by supplier and passes axe.
  await cartButton(page).click();
  await expect(cartDialog(page).getByRole('heading', { level: 3 })).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // Offline: add, change, remove; a reload keeps it all.
  await page.goto(`/p/${c.sku}/${c.slug}`);
  await cutNetwork(context);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByText(/not sure about the stock quantity/)).toBeVisible();
  await cartButton(page).click();
  const dialog = cartDialog(page);
  await dialog.getByLabel(`Quantity of ${a.name_en}`).fill('5');
  await dialog.getByLabel(`Quantity of ${a.name_en}`).press('Enter');
  await dialog.getByRole('button', { name: `Remove ${b.name_en}` }).click();
  await page.getByRole('dialog', { name: 'Remove from cart?' }).getByRole('button', { name: 'Remove', exact: true }).click();
  await page.keyboard.press('Escape');
  const offline = [`${a.sku}×5`, `${c.sku}×1`].sort();
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 6 items');
  expect(await localCart(page)).toEqual(offline);
  expect(await serverCart(request, superUser.token, first!.id)).toEqual([`${a.sku}×2`, `${b.sku}×1`].sort());

  // Back online: the bridge equals the device within 5 s.
  await restoreNetwork(context);
  await expect.poll(() => serverCart(request, superUser.token, first!.id), { timeout: 5000 }).toEqual(offline);

  // The same person in another browser sees the same cart.
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  await logIn(laptopPage, DEMO.superUser, DEMO_PASSWORD, first!.company);
  await expect(cartButton(laptopPage)).toHaveAccessibleName('Cart, 6 items', { timeout: 10_000 });
  expect(await localCart(laptopPage)).toEqual(offline);
  await laptop.close();

  // A colleague at the same company has a cart of their own.
  const colleague = await browser.newContext();
  const colleaguePage = await colleague.newPage();
  await logIn(colleaguePage, DEMO.user, DEMO_PASSWORD);
  await expect(cartButton(colleaguePage)).toHaveAccessibleName('Cart, 0 items');
  await colleague.close();

  // Switching buyer switches cart, and back.
  await page.getByRole('button', { name: 'Switch company' }).click();
  await selectBuyerDialog(page).getByRole('button', { name: second!.company }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  await page.getByRole('button', { name: 'Switch company' }).click();
  await selectBuyerDialog(page).getByRole('button', { name: first!.company }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 6 items');
  await context.close();
});
