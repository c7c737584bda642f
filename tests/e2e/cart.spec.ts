import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { seriousViolations } from './support/axe';
import { apiLogin, plainProducts, pullAll, type CatalogProduct } from './support/catalog-api';
import { cutNetwork, restoreNetwork, waitForCatalogReady, waitForServiceWorkerControl } from './support/catalog-ui';
import { homeHeading, selectBuyerDialog, submitLogin } from './support/session';

/*
 * The cart end to end (decision 018): two suppliers online, edits offline, a reload offline, the bridge equal
 * to the device within 5 s of reconnecting, the same person in a second browser, a colleague, another buyer.
 * The super user and the plain demo user share the first demo company.
 */

type ServerLine = { sku: string; qty: number };
type Buyer = { id: string; company: string };

async function buyersOf(request: APIRequestContext, email: string): Promise<{ token: string; buyers: Buyer[] }> {
  const res = await request.post('/api/client/user/login', { data: { username: email, password: DEMO_PASSWORD } });
  const body = (await res.json()) as { result: string; meta: { userData: { buyers: Buyer[] } } };
  return { token: body.result, buyers: body.meta.userData.buyers };
}

async function serverCart(request: APIRequestContext, token: string, buyerId: string): Promise<string[]> {
  const res = await request.get(`/api/bridge/buyer/cart/pull?buyer_id=${buyerId}`, { headers: { authorization: `Bearer ${token}` } });
  const lines = ((await res.json()) as { result: { lines: ServerLine[] } }).result.lines;
  return lines.map((l) => `${l.sku}×${l.qty}`).sort();
}

async function logInAs(page: Page, email: string, company?: string): Promise<void> {
  await submitLogin(page, email, DEMO_PASSWORD);
  const dialog = selectBuyerDialog(page);
  await expect(homeHeading(page).or(dialog).first()).toBeVisible();
  if (await dialog.isVisible()) {
    await dialog.getByRole('button', { name: company }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(homeHeading(page)).toBeVisible();
}

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, \d+ items?$/ });
const cartDialog = (page: Page) => page.getByRole('dialog', { name: 'Cart' });

async function addFromProductPage(page: Page, product: CatalogProduct, qty: number): Promise<void> {
  await page.goto(`/p/${product.sku}/${product.slug}`);
  await page.getByLabel('Quantity', { exact: true }).fill(String(qty));
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
}

async function localCart(page: Page): Promise<string[]> {
  await cartButton(page).click();
  const dialog = cartDialog(page);
  await expect(dialog).toBeVisible();
  const lines = await dialog.getByRole('listitem').evaluateAll((items) =>
    items.map((li) => {
      const sku = li.textContent?.match(/· ([A-Z]{3}-\d{6})/)?.[1] ?? '?';
      const qty = (li.querySelector('input[type="number"]') as HTMLInputElement | null)?.value ?? '?';
      return `${sku}×${qty}`;
    }),
  );
  await page.keyboard.press('Escape');
  return lines.sort();
}

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
  await logInAs(page, DEMO.superUser, first!.company);
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
  await logInAs(laptopPage, DEMO.superUser, first!.company);
  await expect(cartButton(laptopPage)).toHaveAccessibleName('Cart, 6 items', { timeout: 10_000 });
  expect(await localCart(laptopPage)).toEqual(offline);
  await laptop.close();

  // A colleague at the same company has a cart of their own.
  const colleague = await browser.newContext();
  const colleaguePage = await colleague.newPage();
  await logInAs(colleaguePage, DEMO.user);
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
