import { mkdir } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { apiLogin, plainProducts, pullAll, type CatalogProduct, type CatalogSupplier } from './support/catalog-api';
import { waitForCatalogReady } from './support/catalog-ui';
import { homeHeading, selectBuyerDialog, submitLogin } from './support/session';

// Opt-in visual check, not part of `npm test`: SCREENSHOTS=1 npx playwright test screenshots
// writes login, register, the select-buyer dialog, home, the account menu, a product page, a category
// listing, the suppliers page, the search panel, a grouped product and the microcart with a coupon at phone
// and desktop widths into /tmp/screens/ (outside the repo).
const SCREENS_DIR = process.env.SCREENS_DIR ?? '/tmp/screens';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');
// Both widths fill the same demo cart: one after the other, so neither changes it under the other.
test.describe.configure({ mode: 'serial' });

for (const width of [390, 1280]) {
  test(`screenshots at ${width} px`, async ({ page }) => {
    await mkdir(SCREENS_DIR, { recursive: true });
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/login-${width}.png`, fullPage: true });

    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/register-${width}.png`, fullPage: true });

    // The super user of two companies is asked which one to work for: the select-buyer dialog.
    await submitLogin(page, DEMO.superUser, DEMO_PASSWORD);
    await expect(selectBuyerDialog(page)).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/select-buyer-${width}.png`, fullPage: false });
    await selectBuyerDialog(page).getByRole('button').first().click();
    await expect(homeHeading(page)).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/home-${width}.png`, fullPage: true });

    await page.getByRole('button', { name: 'My account' }).click();
    await page.screenshot({ path: `${SCREENS_DIR}/account-menu-${width}.png`, fullPage: false });
    await page.keyboard.press('Escape');

    const token = await apiLogin(page.request, DEMO.superUser, DEMO_PASSWORD);
    const product = plainProducts(await pullAll<CatalogProduct>(page.request, token, 'products'))[0];
    if (!product) throw new Error('the seed has no plain product');
    await waitForCatalogReady(page);
    await page.goto(`/p/${product.sku}/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name_en || product.name })).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/product-${width}.png`, fullPage: true });

    // A category of the product's supplier: sort, price ranges, attribute filters, breadcrumbs, cards.
    const supplier = (await pullAll<CatalogSupplier>(page.request, token, 'suppliers')).find((s) => s.id === product.supplier_id);
    if (!supplier) throw new Error(`no supplier ${product.supplier_id}`);
    await page.goto(`/s/${supplier.slug}`);
    await page
      .getByRole('navigation', { name: `Categories of ${supplier.name}` })
      .getByRole('link')
      .first()
      .click();
    await expect(page.getByRole('main').getByTestId('product-card').first()).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/listing-${width}.png`, fullPage: false });

    await page.goto('/suppliers');
    await expect(page.getByRole('heading', { level: 1, name: 'Suppliers' })).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/suppliers-${width}.png`, fullPage: false });

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Search' });
    await panel.getByRole('searchbox', { name: 'Search products' }).fill(product.name.split(' ')[0] ?? product.sku);
    await expect(panel.getByText(/\d+ products? found/)).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/search-${width}.png`, fullPage: false });
    await page.keyboard.press('Escape');

    const all = await pullAll<CatalogProduct>(page.request, token, 'products');
    const grouped = all.find((p) => p.type_id === 'grouped');
    if (grouped) {
      await page.goto(`/p/${grouped.sku}/${grouped.slug}`);
      await expect(page.getByRole('heading', { name: 'Products in this group' })).toBeVisible();
      await page.screenshot({ path: `${SCREENS_DIR}/grouped-${width}.png`, fullPage: true });
    }

    // The microcart with lines of two suppliers and a coupon (SAVE5: 5 € off from 50 €).
    const second = plainProducts(all).find((p) => p.supplier_id !== product.supplier_id && p.qty > 10);
    for (const [item, qty] of [
      [product, Math.max(1, Math.ceil(5000 / Math.max(product.price, 1)))],
      [second, 2],
    ] as const) {
      if (!item) continue;
      await page.goto(`/p/${item.sku}/${item.slug}`);
      await page.getByLabel('Quantity', { exact: true }).fill(String(Math.min(qty, item.qty)));
      await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
      await expect(page.getByText(/added to the cart|quantity has been updated|pre-reservation/).first()).toBeVisible();
    }
    await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
    const cart = page.getByRole('dialog', { name: 'Cart' });
    // The other width's run may have applied it already (the same demo cart): wait for the overlay's content.
    await expect(
      cart
        .getByLabel('Coupon code')
        .or(cart.getByText(/Coupon SAVE5/))
        .first(),
    ).toBeVisible();
    if (!(await cart.getByText(/Coupon SAVE5/).isVisible())) {
      await cart.getByLabel('Coupon code').fill('SAVE5');
      await cart.getByRole('button', { name: 'Apply', exact: true }).click();
    }
    await expect(cart.getByText(/Coupon SAVE5/)).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/microcart-${width}.png`, fullPage: false });
  });
}
