import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { REPO_ROOT } from './support/e2e-env';
import { homeHeading, logIn } from './support/session';

// The bridge serves dist/ as built; changing the bytes of dist/sw.js is what a new deployment looks like to
// browsers. This file runs in its own Playwright project after all others (playwright.config.ts), and puts
// the original worker back afterwards.
const workerFile = path.join(REPO_ROOT, 'dist', 'sw.js');
let original = '';

test.beforeAll(() => {
  original = readFileSync(workerFile, 'utf8');
});
test.afterAll(() => {
  if (original) writeFileSync(workerFile, original);
});

test('a new deployment offers "Reload" instead of switching silently', async ({ page }) => {
  await logIn(page, DEMO.user, DEMO_PASSWORD);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);

  writeFileSync(workerFile, `${original}\n// next deployment ${Date.now()}\n`);
  await page.reload();
  await expect(homeHeading(page)).toBeVisible();

  // The new worker waits; the page keeps running the old version until the buyer agrees.
  const prompt = page.getByText('A new version is available');
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

  // Reload lets the waiting worker take over, then reloads the page: wait for that load before asking.
  const reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(homeHeading(page)).toBeVisible();
  const waitingWorker = async (): Promise<boolean | 'navigating'> => {
    try {
      return await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    } catch (error) {
      // A second reload (another tab's controllerchange) may still be under way; ask again.
      if (String(error).includes('Execution context was destroyed')) return 'navigating';
      throw error;
    }
  };
  await expect.poll(waitingWorker, { timeout: 15_000 }).toBe(false);
  await expect(prompt).toHaveCount(0);
});
