import { expect, type Page } from '@playwright/test';

/** Fills the login form the way a buyer does and submits it. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

export const homeHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Home' });
export const selectBuyerDialog = (page: Page) => page.getByRole('dialog', { name: 'Select buyer' });

/**
 * Logs in and lands on home. A super user of several companies must first pick one in the
 * "Select buyer" dialog; `company` chooses which (default: the first offered).
 */
export async function logIn(page: Page, email: string, password: string, company?: string): Promise<void> {
  await submitLogin(page, email, password);
  const dialog = selectBuyerDialog(page);
  await expect(homeHeading(page).or(dialog).first()).toBeVisible();
  if (await dialog.isVisible()) {
    const choice = company ? dialog.getByRole('button', { name: company, exact: true }) : dialog.getByRole('button').first();
    await choice.click();
    await expect(dialog).toBeHidden();
  }
  await expect(homeHeading(page)).toBeVisible();
}

export async function logOut(page: Page): Promise<void> {
  const logOutItem = page.getByRole('button', { name: 'Log out' });
  // The account menu closes on any navigation: one that finishes just after the click closes it again.
  await expect(async () => {
    if (!(await logOutItem.isVisible())) await page.getByRole('button', { name: 'My account' }).click();
    await expect(logOutItem).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await logOutItem.click();
  await page.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'Log out' }).click();
}
