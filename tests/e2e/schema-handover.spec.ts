import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { buyersOf, cartButton, localCart, serverCart } from './support/cart';
import { plainProducts, pullAll, type CatalogProduct } from './support/catalog-api';
import { waitForCatalogReady, waitForServiceWorkerControl } from './support/catalog-ui';
import { waitsForLeadership } from './support/leadership';
import { buildNextDeployment, deployNext, restore } from './support/next-deployment';
import { homeHeading, logIn } from './support/session';

// Serves a real next build whose cart_items schema is one version higher (tests/e2e/support/next-deployment.ts):
// runs in the "deployment" project, after every other test, one file at a time (docs/decisions/032-safe-upgrades.md).
test.beforeAll(async () => {
  test.setTimeout(180_000);
  restore();
  await buildNextDeployment();
});
test.afterAll(() => restore());

const CART_PUSH = '**/api/bridge/buyer/cart/v1/lines/push**';

test('a cart line written in an old tab reaches the new build once; a write after the handover is refused', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, buyers } = await buyersOf(request, DEMO.superUser);
  const buyerId = buyers[0]!.id;
  const before = await serverCart(request, token, buyerId);
  const product = plainProducts(await pullAll<CatalogProduct>(request, token, 'products'))
    .filter((p) => p.qty >= 20 && !before.some((line) => line.startsWith(`${p.sku}×`)))
    .at(-7)!;
  const line = `${product.sku}×3`;

  const context = await browser.newContext();
  // The bridge never hears of the line until the end: what the new build shows can only have come from
  // the old build's database, migrated.
  await context.route(CART_PUSH, (route) => route.abort('internetdisconnected'));
  const first = await context.newPage();
  await logIn(first, DEMO.superUser, DEMO_PASSWORD);
  await waitForCatalogReady(first);
  await waitForServiceWorkerControl(first);
  const second = await context.newPage();
  await second.goto(`/p/${product.sku}/${product.slug}`);
  await waitForServiceWorkerControl(second);
  await second.getByLabel('Quantity', { exact: true }).fill('3');
  await second.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(second.getByText('Product has been added to the cart!')).toBeVisible();
  const secondLoad = await second.evaluate(() => performance.timeOrigin);

  await deployNext();
  await first.reload();
  await expect(first.getByText('A new version is available')).toBeVisible({ timeout: 20_000 });
  const reloaded = first.waitForEvent('load', { timeout: 20_000 });
  await first.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(homeHeading(first)).toBeVisible();

  // The new build opened the database only after the old tab closed it, and migrated the old tab's line.
  await expect.poll(() => localCart(first), { timeout: 20_000 }).toContain(line);

  // The old tab led the sync once the first tab had left its old page; after the handover it leads no more,
  // so the new build's tab syncs (decision 032 §3).
  await expect.poll(() => waitsForLeadership(first)).toBe(false);

  // The old tab was not reloaded under the buyer; it says a new version is there, and refuses to save.
  expect(await second.evaluate(() => performance.timeOrigin)).toBe(secondLoad);
  const prompt = second.getByText('A new version is available');
  await expect(prompt).toBeVisible();
  // The buyer closes the prompt and tries to save anyway: the save is refused and the prompt comes back.
  await second.getByRole('button', { name: 'Close notification' }).click();
  await expect(prompt).toHaveCount(0);
  await second.getByLabel('Quantity', { exact: true }).fill('2');
  await second.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(prompt).toBeVisible();
  await expect(second.getByText('Product quantity has been updated!')).toHaveCount(0);
  await expect(second.getByText('Product has been added to the cart!')).toHaveCount(0);
  await expect(second.getByLabel('Quantity', { exact: true })).toHaveValue('2');
  await second.screenshot({ path: test.info().outputPath('old-tab-after-handover.png') });

  const secondReloaded = second.waitForEvent('load', { timeout: 20_000 });
  await second.getByRole('button', { name: 'Reload' }).click();
  await secondReloaded;
  await expect(cartButton(second)).toBeVisible();
  expect(await localCart(second)).toContain(line);

  // Online for the cart again: the line reaches the bridge, once, with the quantity the buyer chose.
  await context.unroute(CART_PUSH);
  await expect.poll(() => serverCart(request, token, buyerId), { timeout: 30_000 }).toContain(line);
  await context.close();
});
