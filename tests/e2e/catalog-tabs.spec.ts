import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { apiLogin, patchProduct, plainProducts, pullAll, type CatalogProduct } from './support/catalog-api';
import { waitForCatalogReady } from './support/catalog-ui';
import { logIn } from './support/session';

/** Counts the catalogue replication traffic (feed pulls and the live events stream) a page makes. */
function countReplicationRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/sync/') || pathname === '/api/events') count += 1;
  });
  return () => count;
}

/**
 * Issue 3 point 2: only one tab replicates (leader election); the others see the same data through the
 * shared local database.
 */
test('a second tab does not replicate, yet shows what the leading tab received', async ({ context }) => {
  const leader = await context.newPage();
  const leaderRequests = countReplicationRequests(leader);
  const token = await apiLogin(leader.request, DEMO.user, DEMO_PASSWORD);
  // Not the first product (catalogue-offline changes it) nor the last (catalogue-live-updates changes it).
  const product = plainProducts(await pullAll<CatalogProduct>(leader.request, token, 'products')).at(-2);
  if (!product) throw new Error('the seed has too few simple in-stock products');

  await logIn(leader, DEMO.user, DEMO_PASSWORD);
  await waitForCatalogReady(leader);
  expect(leaderRequests()).toBeGreaterThan(0);

  const follower = await context.newPage();
  const followerRequests = countReplicationRequests(follower);
  await follower.goto(`/p/${product.sku}/${product.slug}`);
  const main = follower.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: product.name_en || product.name })).toBeVisible();
  await expect(main.getByText('In stock!')).toBeVisible();

  const adminToken = await apiLogin(leader.request, DEMO.admin, DEMO_PASSWORD);
  await patchProduct(leader.request, adminToken, product.sku, { qty: 0, is_in_stock: false });
  await expect(main.getByText('Out of the stock!')).toBeVisible({ timeout: 10_000 });
  await patchProduct(leader.request, adminToken, product.sku, { qty: 25, is_in_stock: true });
  await expect(main.getByText('In stock!')).toBeVisible({ timeout: 10_000 });

  expect(followerRequests()).toBe(0);
});
