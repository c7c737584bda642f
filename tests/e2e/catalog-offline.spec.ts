import { expect, test, type Page } from '@playwright/test';
import { formatMoney } from '../../src/domain/money';
import { addTax } from '../../src/domain/tax';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import {
  apiLogin,
  patchProduct,
  plainProducts,
  pullAll,
  hasAccents,
  unaccented,
  type CatalogProduct,
  type CatalogSupplier,
} from './support/catalog-api';
import { cutNetwork, restoreNetwork, waitForCatalogReady, waitForServiceWorkerControl } from './support/catalog-ui';
import { homeHeading, logIn } from './support/session';

/**
 * Issue 3 points 2, 8 and 10: browse online, cut the network, browse, filter and search offline, an
 * unknown product redirects home, then a live price change reaches the open product page after reconnecting.
 */

const PRICE_GROUP = 'Price';
const sortSelect = (page: Page) => page.getByLabel('Sort by', { exact: true });
const priceRadios = (page: Page) => page.getByRole('group', { name: PRICE_GROUP, exact: true }).getByRole('radio');
const productCards = (page: Page) => page.getByRole('main').getByTestId('product-card');

/** What the bridge has: an active supplier with plain products, and one of its products with an accented Greek name. */
async function pickCatalog(page: Page) {
  const token = await apiLogin(page.request, DEMO.user, DEMO_PASSWORD);
  const [products, suppliers] = await Promise.all([
    pullAll<CatalogProduct>(page.request, token, 'products'),
    pullAll<CatalogSupplier>(page.request, token, 'suppliers'),
  ]);
  const plain = plainProducts(products);
  const supplier = suppliers.find((s) => s.status === 'active' && plain.filter((p) => p.supplier_id === s.id).length >= 5);
  if (!supplier) throw new Error('the seed has no active supplier with five plain products');
  const product = plain.find((p) => p.supplier_id === supplier.id && hasAccents(p.name));
  if (!product) throw new Error(`no product of ${supplier.name} with an accented Greek name`);
  return { supplier, product };
}

async function changeSortAndPrice(page: Page): Promise<void> {
  await sortSelect(page).selectOption('price_desc');
  await expect(page).toHaveURL(/[?&]sort=price_desc/);
  await priceRadios(page).nth(1).click();
  await expect(page).toHaveURL(/[?&]price=/);
  await expect(page).toHaveURL(/[?&]sort=price_desc/);
}

test('the catalogue browses, filters and searches offline, redirects the unknown home, and shows a live price after reconnecting', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const { supplier, product } = await pickCatalog(page);

  // Online: sign in, wait for the first sync, browse home → supplier → category listing.
  await logIn(page, DEMO.user, DEMO_PASSWORD);
  await waitForServiceWorkerControl(page);
  await waitForCatalogReady(page);
  await page.getByRole('link', { name: 'All suppliers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Suppliers' })).toBeVisible();
  await page.goto(`/s/${supplier.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: supplier.name })).toBeVisible();
  await page
    .getByRole('navigation', { name: `Categories of ${supplier.name}` })
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(/\/c\/[^/]+\/all\/s\//);
  await expect(productCards(page).first()).toBeVisible();
  await changeSortAndPrice(page);
  const listingUrl = page.url();
  await page.goto(`/p/${product.sku}/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name_en || product.name })).toBeVisible();

  // Offline: the listing reloads from the local database; sort and filter still work.
  await cutNetwork(context);
  await page.goto(listingUrl);
  await expect(productCards(page).first()).toBeVisible();
  await expect(sortSelect(page)).toHaveValue('price_desc');
  await sortSelect(page).selectOption('price_asc');
  await expect(page).toHaveURL(/[?&]sort=price_asc/);
  await priceRadios(page).first().click();
  await expect(page).not.toHaveURL(/[?&]price=/);
  await expect(priceRadios(page).first()).toBeChecked();
  await expect(productCards(page).first()).toBeVisible();

  // Offline search: the product's Greek name typed without accents and in lower case finds that very
  // product (its sku is on a result), marked as offline results.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Search' });
  await panel.getByRole('searchbox', { name: 'Search products' }).fill(unaccented(product.name));
  await expect(panel.getByText('Showing offline results')).toBeVisible();
  await expect(panel.getByText(/\d+ products? found/)).toBeVisible();
  await expect(panel.getByRole('link').filter({ hasText: `SKU ${product.sku}` })).toBeVisible();
  await panel.getByRole('button', { name: 'Close search' }).click();

  // Offline product page, then an unknown product: the countdown, then home.
  await page.goto(`/p/${product.sku}/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name_en || product.name })).toBeVisible();
  await page.goto('/p/NOPE-999999/not-in-the-catalogue');
  await expect(page.getByRole('status').filter({ hasText: /not available offline\. Going to the home page in \d+ s/ })).toBeVisible();
  await expect(homeHeading(page)).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/$/);

  // Reconnect: an admin changes the price, the open product page follows without a reload.
  await restoreNetwork(context);
  await page.goto(`/p/${product.sku}/${product.slug}`);
  const price = page.getByRole('main').getByTestId('price-tag').first();
  await expect(price).toBeVisible();
  const newPrice = product.price + 1_234;
  /** The price the buyer should see now: with or without VAT as the tag says, at the rate it names. */
  const showsNewPrice = async (): Promise<boolean> => {
    const text = (await price.textContent()) ?? '';
    const vat = /(incl|excl)\. VAT (\d+(?:\.\d+)?)%/.exec(text);
    if (!vat) return false;
    const cents = vat[1] === 'incl' ? addTax(newPrice, Number(vat[2])) : newPrice;
    return text.includes(formatMoney(cents, 'en-US'));
  };
  expect(await showsNewPrice()).toBe(false);
  await page.evaluate(() => {
    (window as unknown as { e2eNotReloaded: boolean }).e2eNotReloaded = true;
  });
  const adminToken = await apiLogin(page.request, DEMO.admin, DEMO_PASSWORD);
  const patchedAt = Date.now();
  await patchProduct(page.request, adminToken, product.sku, { price: newPrice });
  await expect
    .poll(showsNewPrice, { message: `the product page shows the new price ${newPrice} cents`, timeout: 5_000, intervals: [50] })
    .toBe(true);
  console.log(`live price change on the product page after reconnecting: ${Date.now() - patchedAt} ms after the PATCH answered`);
  expect(await page.evaluate(() => (window as unknown as { e2eNotReloaded?: boolean }).e2eNotReloaded)).toBe(true);
});
