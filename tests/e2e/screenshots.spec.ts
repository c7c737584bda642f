import { mkdir } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { apiLogin, plainProducts, pullAll, type CatalogueProduct, type CatalogueSupplier } from './support/catalogue-api';
import { waitForCatalogueReady } from './support/catalogue-ui';
import { logIn } from './support/session';

// Opt-in visual check, not part of `npm test`: SCREENSHOTS=1 npx playwright test screenshots
// writes login, register, home, a category listing and a product page at phone and desktop widths into
// /tmp/screens/ (outside the repo).
const SCREENS_DIR = process.env.SCREENS_DIR ?? '/tmp/screens';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');

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

    await logIn(page, DEMO.superUser, DEMO_PASSWORD);
    await page.screenshot({ path: `${SCREENS_DIR}/home-${width}.png`, fullPage: true });

    const token = await apiLogin(page.request, DEMO.superUser, DEMO_PASSWORD);
    const product = plainProducts(await pullAll<CatalogueProduct>(page.request, token, 'products'))[0];
    if (!product) throw new Error('the seed has no plain product');
    await waitForCatalogueReady(page);
    await page.goto(`/p/${product.sku}/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name_en || product.name })).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/product-${width}.png`, fullPage: true });

    // A category of the product's supplier: sort, price ranges, attribute filters, breadcrumbs, cards.
    const supplier = (await pullAll<CatalogueSupplier>(page.request, token, 'suppliers')).find((s) => s.id === product.supplier_id);
    if (!supplier) throw new Error(`no supplier ${product.supplier_id}`);
    await page.goto(`/s/${supplier.slug}`);
    await page
      .getByRole('navigation', { name: `Categories of ${supplier.name}` })
      .getByRole('link')
      .first()
      .click();
    await expect(page.getByRole('main').getByTestId('product-card').first()).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/listing-${width}.png`, fullPage: false });
  });
}
