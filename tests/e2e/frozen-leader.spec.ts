import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { formatMoney as formatMoneyIn } from '../../src/domain/money';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { apiLogin, patchProduct, plainProducts, pullAll, type CatalogProduct } from './support/catalog-api';
import { waitForCatalogReady } from './support/catalog-ui';
import { waitsForLeadership } from './support/leadership';
import { logIn } from './support/session';

/*
 * A leader tab the browser freezes (background tabs on Android) must not stop the other tabs' sync: it gives
 * leadership up on `freeze` and competes again on `resume` (docs/decisions/032-safe-upgrades.md §3).
 * super@demo.gr sees net prices, so the page shows exactly the price the administrator sets.
 */
const formatMoney = (cents: number): string => formatMoneyIn(cents, 'en-US');
const priceTag = (page: Page) => page.getByRole('main').getByTestId('price-tag').first();

/**
 * What Chrome does when it freezes a background tab: the `freeze` event, then no task of the page runs.
 * CDP's Page.setWebLifecycleState does nothing under Playwright (its focus emulation keeps every page visible,
 * and Chrome freezes only hidden pages; with a bare CDP connection the same call freezes the page), so the
 * event is dispatched as Chrome would and the debugger stops the page's JavaScript.
 */
async function freeze(page: Page, cdp: CDPSession): Promise<void> {
  await cdp.send('Debugger.enable');
  await page.evaluate(() => document.dispatchEvent(new Event('freeze')));
  await cdp.send('Debugger.pause');
}

async function resume(page: Page, cdp: CDPSession): Promise<void> {
  await cdp.send('Debugger.resume');
  await cdp.send('Debugger.disable');
  await page.evaluate(() => document.dispatchEvent(new Event('resume')));
}

test('a frozen leader tab hands the sync to the other tab, and catches up when it resumes', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request, DEMO.superUser, DEMO_PASSWORD);
  // Near the end of the list: other specs change the prices of the first and the very last plain products.
  const product = plainProducts(await pullAll<CatalogProduct>(request, token, 'products')).at(-5)!;
  const url = `/p/${product.sku}/${product.slug}`;

  const context = await browser.newContext();
  const leader = await context.newPage();
  await logIn(leader, DEMO.superUser, DEMO_PASSWORD);
  await waitForCatalogReady(leader);
  await leader.goto(url);
  await expect(priceTag(leader)).toContainText(formatMoney(product.price));
  const follower = await context.newPage();
  await follower.goto(url);
  await expect(priceTag(follower)).toContainText(formatMoney(product.price));
  await expect.poll(() => waitsForLeadership(follower)).toBe(true);

  const cdp = await context.newCDPSession(leader);
  await freeze(leader, cdp);

  const adminToken = await apiLogin(request, DEMO.admin, DEMO_PASSWORD);
  const newPrice = product.price + 137;
  const patchedAt = Date.now();
  try {
    await patchProduct(request, adminToken, product.sku, { price: newPrice });
    // The live-update target is 2 s (issue 3); the slack is for a busy two-core machine.
    await expect(priceTag(follower)).toContainText(formatMoney(newPrice), { timeout: 4_000 });
    console.log(`price change in the follower while the leader is frozen: ${Date.now() - patchedAt} ms`);
    // The follower leads now: it no longer waits.
    expect(await waitsForLeadership(follower)).toBe(false);

    await resume(leader, cdp);
    // It competes again: it waits for the leadership the other tab now holds.
    await expect.poll(() => waitsForLeadership(leader)).toBe(true);
    // The resumed tab reads what the other tab stored meanwhile.
    await expect(priceTag(leader)).toContainText(formatMoney(newPrice), { timeout: 10_000 });
  } finally {
    await patchProduct(request, adminToken, product.sku, { price: product.price });
    await context.close();
  }
});
