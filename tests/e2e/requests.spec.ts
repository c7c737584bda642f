import { expect, test } from '@playwright/test';
import type { BuyerRequestDoc } from '../../src/contracts/requests';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { seriousViolations } from './support/axe';
import { apiLogin, plainProducts, pullAll, type CatalogProduct, type CatalogSupplier } from './support/catalog-api';
import { cutNetwork, restoreNetwork, waitForCatalogReady, waitForServiceWorkerControl } from './support/catalog-ui';
import { buyersOf } from './support/cart';
import { seededCustomer } from './support/checkout';
import { logIn } from './support/session';

/*
 * The buyer's requests (decision 021): a wholesale price asked offline on a product page waits on the device
 * and reaches the bridge once when the connection returns; access to a locked supplier asked online is
 * confirmed at once. A colleague of a company nobody else's requests are counted for.
 */

const colleague = seededCustomer('cust-0007');

test('requests made offline wait on the device and reach the bridge once; online they are confirmed at once', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request, DEMO.admin, DEMO_PASSWORD);
  const suppliers = await pullAll<CatalogSupplier>(request, admin, 'suppliers');
  const open = new Set(suppliers.filter((s) => s.status === 'active').map((s) => s.id));
  const product = plainProducts(await pullAll<CatalogProduct>(request, admin, 'products')).find((p) => open.has(p.supplier_id))!;
  const locked = suppliers.find((s) => s.status === 'locked')!;
  const { token, buyers } = await buyersOf(request, colleague.email);
  const mine = async (): Promise<BuyerRequestDoc[]> => {
    const res = await request.get(`/api/bridge/buyer/requests?buyer_id=${buyers[0]!.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { result: BuyerRequestDoc[] }).result;
  };
  const before = (await mine()).length;

  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await logIn(page, colleague.email, DEMO_PASSWORD);
    await waitForCatalogReady(page);
    await waitForServiceWorkerControl(page);
    await page.goto(`/p/${product.sku}/${product.slug}`);
    await cutNetwork(context);
    await page.getByRole('button', { name: 'Ask for a wholesale price' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wholesale price request' });
    await dialog.getByLabel('Message (optional)').fill('x'.repeat(401));
    await expect(dialog.getByText('Must be at most 400 characters')).toBeVisible();
    await dialog.getByLabel('Message (optional)').fill('Για 200 τεμάχια τον μήνα');
    expect(await seriousViolations(page)).toEqual([]);
    const shot = (name: string) =>
      process.env.SCREENSHOTS ? page.screenshot({ path: `${process.env.SCREENS_DIR ?? '/tmp/screens'}/${name}-1280.png` }) : null;
    await shot('request-wholesale-price');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog.getByText('Your request is saved on this device and will be sent when the connection returns.')).toBeVisible();
    await shot('request-wholesale-price-queued');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    expect(await mine()).toHaveLength(before);

    await restoreNetwork(context);
    await expect.poll(async () => (await mine()).length, { timeout: 15_000 }).toBe(before + 1);
    expect((await mine())[0]).toMatchObject({ kind: 'wholesale_price', sku: product.sku, message: 'Για 200 τεμάχια τον μήνα' });

    await page.goto(`/s/${locked.slug}`);
    await page.getByRole('button', { name: 'Request access' }).click();
    const access = page.getByRole('dialog', { name: 'Locked supplier request' });
    await access.getByRole('button', { name: 'Send request' }).click();
    await expect(access.getByText('Your request has been sent.')).toBeVisible();
    await shot('request-locked-supplier-sent');
    expect(await mine()).toHaveLength(before + 2);
    // Nothing sent twice, whatever the reloads.
    await page.reload();
    await expect.poll(async () => (await mine()).length).toBe(before + 2);
  } finally {
    await context.close();
  }
});
