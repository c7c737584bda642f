import { expect, test, type Page } from '@playwright/test';
import type { FavoriteWireDoc } from '../../src/contracts/favorites';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { seriousViolations } from './support/axe';
import { apiLogin, pullAll, type CatalogProduct, type CatalogSupplier } from './support/catalog-api';
import { cutNetwork, restoreNetwork, waitForCatalogReady, waitForServiceWorkerControl } from './support/catalog-ui';
import { buyersOf, localCart } from './support/cart';
import { orderablePicks, seededCustomer } from './support/checkout';
import { logIn } from './support/session';

/*
 * Favourites (decision 022): hearts on a product page and on listing cards marked offline, the favourites page
 * read from the device (sorts, one supplier, selected products to the cart), the list on the bridge once the
 * connection returns, and on the person's other device after signing in. A colleague no other test signs in as.
 */

const colleague = seededCustomer('cust-0004');

const ADD = /^Add .+ to favourites$/;
const REMOVE = /^Remove .+ from favourites$/;
const card = (page: Page, product: CatalogProduct) => page.locator(`[data-testid="product-card"][data-sku="${product.sku}"]`);
/** The skus of the cards shown, in order. */
const cardSkus = (page: Page) => page.getByTestId('product-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-sku')));

async function openFavorites(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Favourites' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
}

test('favourites marked offline show on the device, go to the cart, and reach the bridge and the other device', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const picks = await orderablePicks(request);
  const admin = await apiLogin(request, DEMO.admin, DEMO_PASSWORD);
  const suppliers = new Map((await pullAll<CatalogSupplier>(request, admin, 'suppliers')).map((s) => [s.id, s]));
  const { a, b, c } = picks;
  const { token, buyers } = await buyersOf(request, colleague.email);
  const company = buyers[0]!.id;
  const onBridge = async (): Promise<string[]> => {
    const res = await request.get(`/api/bridge/buyer/favorites/v1/pull?buyer_id=${company}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const docs = ((await res.json()) as { result: { documents: FavoriteWireDoc[] } }).result.documents;
    return docs
      .filter((d) => !d._deleted)
      .map((d) => d.sku)
      .sort();
  };
  expect(await onBridge()).toEqual([]);

  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await logIn(page, colleague.email, DEMO_PASSWORD);
    await waitForCatalogReady(page);
    await waitForServiceWorkerControl(page);
    await cutNetwork(context);

    // A product page's heart, then the hearts on a supplier's listing cards.
    await page.goto(`/p/${a.sku}/${a.slug}`);
    await page.getByRole('main').getByRole('button', { name: ADD }).first().click();
    await expect(page.getByRole('main').getByRole('button', { name: REMOVE }).first()).toHaveAttribute('aria-pressed', 'true');
    await page.goto(`/c/all/s/${suppliers.get(b.supplier_id)!.slug}`);
    await card(page, b).getByRole('button', { name: ADD }).click();
    // Saved once the heart shows it: a full page load right after the click could cut the write short.
    await expect(card(page, b).getByRole('button', { name: REMOVE })).toHaveAttribute('aria-pressed', 'true');
    await page.goto(`/c/all/s/${suppliers.get(c.supplier_id)!.slug}`);
    await card(page, c).getByRole('button', { name: ADD }).click();
    await expect(card(page, c).getByRole('button', { name: REMOVE })).toHaveAttribute('aria-pressed', 'true');

    // The favourites page, offline: newest first, then by supplier, then one supplier's.
    await openFavorites(page);
    await expect(page.getByRole('status').filter({ hasText: /products?$/ })).toHaveText('3 products');
    expect(await cardSkus(page)).toEqual([c.sku, b.sku, a.sku]);
    await page.getByLabel('Sort by').selectOption({ label: 'By supplier' });
    const bySupplier = [a, b, c].sort(
      (x, y) => suppliers.get(x.supplier_id)!.name.localeCompare(suppliers.get(y.supplier_id)!.name, 'en') || (x.sku < y.sku ? -1 : 1),
    );
    const supplierOf = (sku: string | null) => [a, b, c].find((p) => p.sku === sku)!.supplier_id;
    expect((await cardSkus(page)).map(supplierOf)).toEqual(bySupplier.map((p) => p.supplier_id));
    expect(await seriousViolations(page)).toEqual([]);
    if (process.env.SCREENSHOTS) {
      const dir = process.env.SCREENS_DIR ?? '/tmp/screens';
      await page.screenshot({ path: `${dir}/favorites-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${dir}/favorites-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    const supplierA = suppliers.get(a.supplier_id)!;
    await page
      .getByRole('navigation', { name: 'Favourites by supplier' })
      .getByRole('link', { name: new RegExp(`^${supplierA.name} \\(2\\)$`) })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: `Favourites – ${supplierA.name}` })).toBeVisible();
    expect((await cardSkus(page)).sort()).toEqual([a.sku, c.sku].sort());

    // Only the ticked product goes to the cart; then a favourite is taken off the list.
    await card(page, c)
      .getByRole('checkbox', { name: /^Select / })
      .check();
    await page.getByRole('button', { name: 'Add 1 selected to cart' }).click();
    await expect(page.getByText('The products are in your cart.')).toBeVisible();
    expect(await localCart(page)).toEqual([`${c.sku}×1`]);
    // "Add all" takes every favourite shown (this supplier's two), one piece each.
    await page.getByRole('button', { name: 'Add all to cart' }).click();
    await expect.poll(() => localCart(page)).toEqual([`${a.sku}×1`, `${c.sku}×2`].sort());
    await card(page, a).getByRole('button', { name: REMOVE }).click();
    await expect.poll(() => cardSkus(page)).toEqual([c.sku]);
    expect(await onBridge()).toEqual([]);

    // Back online: the list reaches the bridge once, the removal with it.
    await restoreNetwork(context);
    await expect.poll(onBridge, { timeout: 20_000 }).toEqual([b.sku, c.sku].sort());
  } finally {
    await context.close();
  }

  // The person's other device: the list is there after signing in.
  const other = await browser.newContext();
  const second = await other.newPage();
  try {
    await logIn(second, colleague.email, DEMO_PASSWORD);
    await waitForCatalogReady(second);
    await openFavorites(second);
    await expect.poll(() => cardSkus(second).then((skus) => skus.sort())).toEqual([b.sku, c.sku].sort());
  } finally {
    await other.close();
  }
});
