import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { homeHeading, logIn, logOut, selectBuyerDialog, submitLogin } from './support/session';
import { storedTokens } from './support/stored-tokens';

test.describe('log in and out', () => {
  for (const email of [DEMO.user, DEMO.admin]) {
    test(`${email} signs in to home and logs out`, async ({ page }) => {
      await submitLogin(page, email, DEMO_PASSWORD);
      await expect(homeHeading(page)).toBeVisible();
      await expect(selectBuyerDialog(page)).toBeHidden();

      await logOut(page);
      await expect(page.getByText("You're logged out")).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test('logging out ends the session on the bridge too; made offline, it is sent once back online', async ({ page, context, request }) => {
    await logIn(page, DEMO.user, DEMO_PASSWORD);
    const accessToken = (await storedTokens(page))?.accessToken;
    const meStatus = async () =>
      (await request.get('/api/bridge/user/me', { headers: { Authorization: `Bearer ${accessToken ?? ''}` } })).status();
    expect(await meStatus()).toBe(200);

    // Offline: the page and its service worker cannot reach the bridge (setOffline alone spares the worker).
    await context.setOffline(true);
    await context.route('**/api/client/user/logout', (route) => route.abort('internetdisconnected'));
    await logOut(page);
    await expect(page.getByText("You're logged out")).toBeVisible();
    expect(await meStatus()).toBe(200);

    const sent = page.waitForResponse((r) => r.url().endsWith('/api/client/user/logout') && r.status() === 200);
    await context.unroute('**/api/client/user/logout');
    await context.setOffline(false);
    await sent;
    await expect.poll(meStatus).toBe(401);
  });

  test('a super user of two companies chooses the buyer, and the header shows it', async ({ page }) => {
    await submitLogin(page, DEMO.superUser, DEMO_PASSWORD);
    const dialog = selectBuyerDialog(page);
    await expect(dialog).toBeVisible();
    // A company must be chosen: no close button, and neither Escape (twice, which Chromium's close watcher
    // would otherwise honour) nor a click beside the dialog ends it.
    await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    const companies = dialog.getByRole('list').getByRole('button');
    await expect(companies).toHaveCount(2);
    const chosen = (await companies.nth(1).innerText()).trim();
    await companies.nth(1).click();

    await expect(dialog).toBeHidden();
    await expect(homeHeading(page)).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(chosen);

    // Switching company from the header offers the same dialog, which may be closed without choosing.
    await page.getByRole('button', { name: 'Switch company' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Switch company' })).toBeFocused();
    await page.getByRole('button', { name: 'Switch company' }).click();
    await expect(dialog).toBeVisible();
    const other = (await companies.nth(0).innerText()).trim();
    await companies.nth(0).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('banner')).toContainText(other);

    await logOut(page);
    await expect(page.getByText("You're logged out")).toBeVisible();
  });

  test('a wrong password is refused and the typed email is kept', async ({ page }) => {
    await submitLogin(page, DEMO.user, 'Wrong-pass-1');
    await expect(page.getByText('Your email or password is incorrect')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(DEMO.user);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  });

  test('after logging in the session survives a reload', async ({ page }) => {
    await logIn(page, DEMO.admin, DEMO_PASSWORD);
    await page.reload();
    await expect(homeHeading(page)).toBeVisible();
  });
});
