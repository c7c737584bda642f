import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { waitForServiceWorkerControl } from './support/catalog-ui';
import { REPO_ROOT } from './support/e2e-env';
import { CHANGED_PAGE_SOURCE, buildNextDeployment, chunkOf, deployNext, restore } from './support/next-deployment';
import { homeHeading, logIn } from './support/session';

// Serves a real next build in place of dist/: runs in the "deployment" project, one file at a time, after every
// other test, and puts the tested build back afterwards (docs/decisions/032-safe-upgrades.md).
test.beforeAll(async () => {
  test.setTimeout(180_000);
  restore();
  await buildNextDeployment();
});
test.afterAll(() => restore());

test('an old tab whose page chunk a new deployment removed offers "Reload", and the reload opens the page', async ({ context }) => {
  const oldChunk = chunkOf(path.join(REPO_ROOT, 'dist'), CHANGED_PAGE_SOURCE);
  const first = await context.newPage();
  await logIn(first, DEMO.user, DEMO_PASSWORD);
  await waitForServiceWorkerControl(first);
  const second = await context.newPage();
  await second.goto('/');
  await expect(homeHeading(second)).toBeVisible();
  await waitForServiceWorkerControl(second);

  // The second tab's page load, to show later that nothing reloaded it under the buyer.
  const secondOrigin = await second.evaluate(() => performance.timeOrigin);
  await deployNext();
  expect(existsSync(path.join(REPO_ROOT, 'dist', oldChunk))).toBe(false);

  // The first tab finds the new version and takes it; the new worker drops the old build's files from its cache.
  await first.reload();
  await expect(first.getByText('A new version is available')).toBeVisible({ timeout: 20_000 });
  const reloaded = first.waitForEvent('load', { timeout: 20_000 });
  await first.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(homeHeading(first)).toBeVisible();

  // The second tab still runs the old build; the browser's own cache would hide the deletion, so it goes too.
  expect(await second.evaluate(() => performance.timeOrigin)).toBe(secondOrigin);
  const cdp = await context.newCDPSession(second);
  await cdp.send('Network.clearBrowserCache');
  await second.getByRole('contentinfo').getByRole('link', { name: 'FAQs' }).click();

  await expect(second.getByRole('heading', { level: 1, name: 'This page has been updated' })).toBeInViewport();
  await expect(second.getByRole('heading', { level: 1, name: 'Something went wrong' })).toHaveCount(0);
  await expect(second.getByText('A new version is available')).toBeVisible();
  await second.screenshot({ path: test.info().outputPath('missing-chunk.png') });
  if (process.env.SCREENSHOTS) {
    // The calm note at a phone's width too (the desktop one is the screenshot above).
    const viewport = second.viewportSize();
    await second.setViewportSize({ width: 390, height: 844 });
    await second.screenshot({ path: test.info().outputPath('missing-chunk-390.png'), fullPage: true });
    if (viewport) await second.setViewportSize(viewport);
  }

  const secondReloaded = second.waitForEvent('load', { timeout: 20_000 });
  await second.getByRole('button', { name: 'Reload' }).click();
  await secondReloaded;
  await expect(second.getByRole('heading', { level: 1, name: /Frequently asked questions|FAQ/ })).toBeVisible();
});
