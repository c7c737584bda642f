import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support/accounts';
import { seriousViolations } from './support/axe';
import { cutNetwork, restoreNetwork, waitForCatalogReady, waitForServiceWorkerControl } from './support/catalog-ui';
import { seededCustomer } from './support/checkout';
import { newestMailTo } from './support/outbox';
import { logIn } from './support/session';

/*
 * The customer's own account requests (decision 024): communication preferences saved and read back (refused
 * offline with the ticks kept), and the delete-account modal: refused offline with the reason kept, then sent
 * once, mailed to the customer, and shown as asked when the modal opens again. An owner no other test signs in
 * as unless screenshots are asked for.
 */

const owner = seededCustomer('cust-0006');

/** The path of the first product card of the first supplier's listing (a product this device has). */
async function firstProduct(page: Page): Promise<string> {
  await page.goto('/suppliers');
  await page.getByRole('main').getByRole('link').filter({ hasText: /\S/ }).first().click();
  const card = page.getByTestId('product-card').first();
  const href = await card.getByRole('heading').getByRole('link').getAttribute('href');
  return href!;
}

test('the control panel, communication preferences and the delete-account request', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await logIn(page, owner.email, DEMO_PASSWORD);
    await page.goto('/my-account/control-panel');
    await expect(page.getByRole('heading', { level: 1, name: 'Control panel' })).toBeVisible();
    await expect(page.getByText('Nothing needs your attention.')).toBeVisible();

    // Communication preferences, from the account menu.
    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Communication preferences' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Communication preferences' })).toBeVisible();
    const newsletter = page.getByRole('checkbox', { name: 'News and offers of the marketplace' });
    await expect(newsletter).toBeEnabled();
    const before = await newsletter.isChecked();
    await newsletter.setChecked(!before);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please check your network connection')).toBeVisible();
    await expect(newsletter).toBeChecked({ checked: !before });
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your communication preferences have been saved')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'News and offers of the marketplace' })).toBeChecked({ checked: !before });
    await expect(page.getByText(/Last changed:/)).toBeVisible();
    const shot = async (name: string) => {
      if (!process.env.SCREENSHOTS) return;
      const dir = process.env.SCREENS_DIR ?? '/tmp/screens';
      await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 720 });
    };
    await shot('communication-preferences');

    // The delete-account modal, from My profile.
    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'My profile' }).click();
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await expect(dialog.getByText(/Orders stay in the records/)).toBeVisible();
    const ask = dialog.getByRole('button', { name: 'Ask to delete my account' });
    await expect(ask).toBeEnabled();
    await dialog.getByLabel('Why are you leaving? (optional)').fill('Κλείνουμε το ξενοδοχείο');
    await ask.click();
    // The confirmation box is required.
    await expect(dialog.getByRole('checkbox', { name: 'I understand that my account will be deleted' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await dialog.getByRole('checkbox', { name: 'I understand that my account will be deleted' }).check();
    await context.setOffline(true);
    await ask.click();
    await expect(dialog.getByText('Please check your network connection')).toBeVisible();
    await expect(dialog.getByLabel('Why are you leaving? (optional)')).toHaveValue('Κλείνουμε το ξενοδοχείο');
    await context.setOffline(false);
    expect(await seriousViolations(page)).toEqual([]);
    await shot('delete-account');
    await ask.click();
    await expect(dialog.getByText(/Your request has been sent/)).toBeVisible();
    const copy = await newestMailTo(owner.email);
    expect(copy.subject).toBe('We received your request to delete your account');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // Opened again: the request is there, not a new form.
    await page.getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete account' }).getByText(/You asked to delete your account on/)).toBeVisible();
    await page.keyboard.press('Escape');

    // The control panel names it, and leads to every page of the account.
    await page.goto('/my-account');
    const attention = page.getByRole('region', { name: 'Needs your attention' });
    await expect(attention.getByRole('link', { name: /^You asked to delete your account on/ })).toBeVisible();
    const pages = page.getByRole('navigation', { name: 'Your account' });
    await expect(pages.getByRole('link')).toHaveText([
      'My profile',
      'Orders',
      'Favourites',
      'Price appearance',
      'Communication preferences',
      'Shipping details',
      'Billing details',
      'Credit terms',
      'Offline images',
      'Users',
      'Requests to join',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await shot('control-panel');

    // Logging out asks first, and says what has not been sent: a request made offline waits on the device.
    await waitForCatalogReady(page);
    await waitForServiceWorkerControl(page);
    await page.goto(await firstProduct(page));
    await cutNetwork(context);
    await page.getByRole('button', { name: 'Ask for a wholesale price' }).click();
    await page.getByRole('dialog', { name: 'Wholesale price request' }).getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('dialog', { name: 'Wholesale price request' }).getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    const logout = page.getByRole('dialog', { name: 'Log out' });
    await expect(logout.getByText('1 change or request has not been sent yet; it waits on this device the same way.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot('logout');
    await logout.getByRole('button', { name: 'Cancel' }).click();
    await expect(logout).toBeHidden();
    await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();
    await restoreNetwork(context);
    await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();
  } finally {
    await context.close();
  }
});
