import { expect, test, type Page } from '@playwright/test';
import type { CreditTerm } from '../../src/contracts/credit-terms';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { seriousViolations } from './support/axe';
import { apiLogin, pullAll, type CatalogSupplier } from './support/catalog-api';
import { cutNetwork, restoreNetwork, waitForCatalogReady, waitForServiceWorkerControl } from './support/catalog-ui';
import { buyersOf } from './support/cart';
import { seededCustomer } from './support/checkout';
import { logIn } from './support/session';

/*
 * Credit terms (decision 023): asked offline on /my-account/credit-terms, the request shows as pending and waiting
 * to be sent, and reaches the bridge once when the connection returns.
 */

const owner = seededCustomer('cust-0013');
const SCREENS = process.env.SCREENS_DIR ?? '/tmp/screens-credit';

async function shoot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/${name}-${width}.png` });
  }
  if (size) await page.setViewportSize(size);
}

test('credit terms asked offline wait on the device as pending and reach the bridge once', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request, DEMO.admin, DEMO_PASSWORD);
  const suppliers = await pullAll<CatalogSupplier>(request, admin, 'suppliers');
  const { token, buyers } = await buyersOf(request, owner.email);
  const buyerId = buyers[0]!.id;
  const terms = async (): Promise<CreditTerm[]> => {
    const res = await request.get(`/api/bridge/buyer/credit-terms?buyer_id=${buyerId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { result: CreditTerm[] }).result;
  };
  const asked = new Set((await terms()).filter((x) => x.status !== 'rejected').map((x) => x.supplier_id));
  const supplier = suppliers
    .filter((s) => s.status === 'active' && !asked.has(s.id))
    .sort((a, b) => a.name.localeCompare(b.name, 'el'))[0]!;
  const termOf = async () => (await terms()).find((x) => x.supplier_id === supplier.id);

  const context = await browser.newContext();
  const page = await context.newPage();
  const posts: string[] = [];
  context.on('requestfinished', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/bridge/buyer/credit-terms')) posts.push(r.url());
  });
  try {
    await logIn(page, owner.email, DEMO_PASSWORD);
    await waitForCatalogReady(page);
    await waitForServiceWorkerControl(page);
    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('link', { name: 'Credit terms' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Credit terms' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Suppliers and their credit terms' });
    const row = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: supplier.name, exact: true }) });
    await expect(row.getByText('No credit terms')).toBeVisible();

    await cutNetwork(context);
    await row.getByRole('button', { name: `Ask ${supplier.name} for credit terms` }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask for credit terms' });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'credit-terms-dialog');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Your request is saved on this device and will be sent when the connection returns.')).toBeVisible();
    await expect(row.getByText('Pending, waiting to be sent')).toBeVisible();
    await expect(row.getByRole('button', { name: `Ask ${supplier.name} for credit terms` })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'credit-terms-waiting');
    expect(await termOf()).toBeUndefined();

    await restoreNetwork(context);
    await expect.poll(async () => (await termOf())?.status, { timeout: 15_000 }).toBe('pending');
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    await shoot(page, 'credit-terms-pending');
    // Nothing sent twice, whatever the reloads.
    await page.reload();
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    expect(posts).toHaveLength(1);
    expect((await terms()).filter((x) => x.supplier_id === supplier.id)).toHaveLength(1);
  } finally {
    await context.close();
  }
});
