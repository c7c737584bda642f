import { expect, test, type Browser, type Page } from '@playwright/test';
import { bundlePrice, defaultBundleSelections } from '../../src/domain/bundle';
import { formatMoney as formatMoneyIn } from '../../src/domain/money';
import { activeSpecialPrice, finalPrice } from '../../src/domain/pricing';
import { addTax } from '../../src/domain/tax';
import { TAX_CLASS_RATES } from '../../server/seed/tax-rules';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { apiLogin, plainProducts, pullAll, type CatalogProduct } from './support/catalog-api';
import { cutNetwork, waitForCatalogReady, waitForServiceWorkerControl } from './support/catalog-ui';
import { homeHeading, logIn } from './support/session';

/**
 * What a buyer pays, as the product page shows it: with or without VAT by the customer's setting
 * (super@demo.gr sees net prices, user@demo.gr gross ones), a special price inside its window with the
 * original struck through, a configurable product's chosen variant, and a bundle priced from its parts.
 * Amounts are computed here from the bridge's own documents with the domain rules, never copied from the page.
 */

/** The tests run in en-US (playwright.config.ts). */
const formatMoney = (cents: number): string => formatMoneyIn(cents, 'en-US');
const priceTag = (page: Page) => page.getByRole('main').getByTestId('price-tag').first();
const productUrl = (p: CatalogProduct) => `/p/${p.sku}/${p.slug}`;
const rateOf = (p: CatalogProduct): number => TAX_CLASS_RATES[p.tax_class_id] ?? 0;

let products: CatalogProduct[] = [];
let bySku = new Map<string, CatalogProduct>();

test.beforeAll(async ({ request }) => {
  const token = await apiLogin(request, DEMO.user, DEMO_PASSWORD);
  products = await pullAll<CatalogProduct>(request, token, 'products');
  bySku = new Map(products.map((p) => [p.sku, p]));
});

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email, DEMO_PASSWORD);
  await waitForCatalogReady(page);
  return page;
}

function listed(p: CatalogProduct): boolean {
  return p.parent_sku === '' && [2, 3, 4].includes(p.visibility) && p.status < 2;
}

test('the VAT setting decides the price shown: net for one customer, gross at the product rate for another', async ({ browser }) => {
  const product = plainProducts(products).find((p) => rateOf(p) > 0 && p.price > 0);
  if (!product) throw new Error('the seed has no plain taxed product');
  const rate = rateOf(product);

  const net = await signedIn(browser, DEMO.superUser);
  await net.goto(productUrl(product));
  await expect(priceTag(net)).toContainText(formatMoney(product.price));
  await expect(priceTag(net)).toContainText(`excl. VAT ${rate}%`);

  const gross = await signedIn(browser, DEMO.user);
  await gross.goto(productUrl(product));
  await expect(priceTag(gross)).toContainText(formatMoney(addTax(product.price, rate)));
  await expect(priceTag(gross)).toContainText(`incl. VAT ${rate}%`);
  await Promise.all([net.context().close(), gross.context().close()]);
});

test('a special price inside its window is shown with the original struck through', async ({ browser }) => {
  const now = Date.now();
  const product = products.find((p) => listed(p) && p.type_id === 'simple' && activeSpecialPrice(p, now) !== null);
  if (!product) throw new Error('the seed has no product with a special price running today');
  const page = await signedIn(browser, DEMO.superUser);
  await page.goto(productUrl(product));
  await expect(priceTag(page)).toContainText(formatMoney(activeSpecialPrice(product, now) ?? -1));
  await expect(priceTag(page).locator('s')).toHaveText(`Original price ${formatMoney(product.price)}`);
  await page.context().close();
});

test('choosing a variant of a configurable product shows that variant, its sku in the URL and its price', async ({ browser }) => {
  const now = Date.now();
  const product = products.find(
    (p) =>
      listed(p) &&
      p.type_id === 'configurable' &&
      (p.configurable_options ?? []).length > 0 &&
      (p.configurable_children ?? []).filter((c) => c.is_in_stock && c.status < 2).length >= 2,
  );
  if (!product) throw new Error('the seed has no configurable product with two available variants');
  const options = product.configurable_options ?? [];
  const children = (product.configurable_children ?? []).filter((c) => c.is_in_stock && c.status < 2);
  // The last available variant: not the one the page opens with, when the first is preselected.
  const child = children[children.length - 1];
  if (!child) throw new Error('no variant');

  const page = await signedIn(browser, DEMO.superUser);
  await page.goto(productUrl(product));
  for (const option of options) {
    const valueIndex = child[option.attribute_code as 'color' | 'size'];
    const value = option.values.find((v) => v.value_index === valueIndex);
    if (!value) throw new Error(`variant ${child.sku} has no ${option.attribute_code}`);
    await page
      .getByRole('group', { name: option.label_en || option.label })
      .getByRole('radio', { name: value.label_en || value.label, exact: true })
      .check();
  }
  // The variant's sku is in the URL: a path segment (the URL dispatcher is on) or ?childSku=.
  await expect(page).toHaveURL(new RegExp(`(/|childSku=)${encodeURIComponent(child.sku)}($|[?&#])`));
  await expect(priceTag(page)).toContainText(formatMoney(finalPrice(child, now)));
  await expect(page.getByRole('main').getByText(child.sku, { exact: true }).first()).toBeVisible();
  await page.context().close();
});

test('a bundle costs the sum of its default parts, each at its own price', async ({ browser }) => {
  const now = Date.now();
  const bundle = products.find(
    (p) => listed(p) && p.type_id === 'bundle' && (p.bundle_options ?? []).some((o) => o.product_links.some((l) => bySku.has(l.sku))),
  );
  if (!bundle) throw new Error('the seed has no bundle');
  const total = bundlePrice(defaultBundleSelections(bundle.bundle_options ?? []), (sku) => {
    const part = bySku.get(sku);
    return part ? finalPrice(part, now) : null;
  });
  if (total === null) throw new Error(`bundle ${bundle.sku} has a part the feed does not list`);

  const page = await signedIn(browser, DEMO.superUser);
  await page.goto(productUrl(bundle));
  await expect(page.getByRole('heading', { name: 'Bundle contents' })).toBeVisible();
  await expect(priceTag(page)).toContainText(formatMoney(total));
  await page.context().close();
});

test('offline, an unknown category and an unknown page count down and go home', async ({ page, context }) => {
  await logIn(page, DEMO.user, DEMO_PASSWORD);
  await waitForServiceWorkerControl(page);
  await waitForCatalogReady(page);
  await cutNetwork(context);
  for (const path of ['/c/no-such-category-e2e', '/no-such-page-e2e']) {
    await page.goto(path);
    await expect(page.getByRole('status').filter({ hasText: /not available offline\. Going to the home page in \d+ s/ })).toBeVisible();
    await expect(homeHeading(page)).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/$/);
  }
});
