import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { homeHeading, logIn } from './support/session';

/** Waits until the service worker is active and controls this page (a first visit is not controlled yet). */
async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!controlled) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
}

test('the app shell reloads without a network once the service worker controls the page', async ({ page, context }) => {
  await logIn(page, DEMO.user, DEMO_PASSWORD);
  await waitForServiceWorkerControl(page);
  await expect(homeHeading(page)).toBeVisible();

  // setOffline does not stop requests made by the service worker (playwright #2311): abort them too.
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));

  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(homeHeading(page)).toBeVisible();
  // Still logged in: the protected home page did not bounce to the login page.
  await expect(page).not.toHaveURL(/\/login/);
});
