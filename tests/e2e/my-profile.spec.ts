import { mkdir } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, NEW_PASSWORD, uniqueEmail } from './support/accounts';
import { seriousViolations } from './support/axe';
import { cutNetwork, restoreNetwork } from './support/catalog-ui';
import { seededCustomer } from './support/checkout';
import { linkIn, newestMailTo } from './support/outbox';
import { logIn, logOut, submitLogin } from './support/session';

/*
 * My profile: names saved at once (the account menu follows), a save refused offline keeps what was typed,
 * the password changed (a wrong current password is the bridge's refusal) and used to sign in again, and a
 * new email waits for the link mailed to it. A colleague no other test signs in as: its password changes here.
 */

const colleague = seededCustomer('cust-0011');
const SCREENS_DIR = process.env.SCREENS_DIR ?? '/tmp/screens-profile';

async function openMyProfile(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('link', { name: 'My profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
}

async function expectMenuName(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'My account' }).click();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
}

test('my profile: names, offline refusal, password and email changes', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const profileForm = page.getByRole('form', { name: 'Name and email' });
  const passwordForm = page.getByRole('form', { name: 'Change password' });
  try {
    await logIn(page, colleague.email, DEMO_PASSWORD);
    await openMyProfile(page);
    await expect(profileForm.getByLabel('Email', { exact: true })).toHaveValue(colleague.email);
    expect(await seriousViolations(page)).toEqual([]);

    // A new name is saved at once and the account menu shows it.
    await profileForm.getByLabel('First name').fill('Θεοδώρα');
    await profileForm.getByLabel('Last name').fill('Προφίλ');
    await expect(profileForm.getByLabel('Current password')).toHaveCount(0);
    await profileForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(profileForm.getByText('Account data has successfully been updated')).toBeVisible();
    await expectMenuName(page, 'Θεοδώρα Προφίλ');

    // Offline the save is refused and what was typed stays; back online the same values are saved.
    await cutNetwork(context);
    await profileForm.getByLabel('Last name').fill('Εκτός');
    await profileForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(profileForm.getByRole('alert')).toHaveText('Please check your network connection');
    await expect(profileForm.getByLabel('First name')).toHaveValue('Θεοδώρα');
    await expect(profileForm.getByLabel('Last name')).toHaveValue('Εκτός');
    await passwordForm.getByLabel('Current password').fill(DEMO_PASSWORD);
    await passwordForm.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await passwordForm.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await expect(passwordForm.getByRole('alert')).toHaveText('Reset password feature does not work while offline!');
    await expect(passwordForm.getByLabel('New password', { exact: true })).toHaveValue(NEW_PASSWORD);
    await restoreNetwork(context);
    await profileForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(profileForm.getByText('Account data has successfully been updated')).toBeVisible();
    await expectMenuName(page, 'Θεοδώρα Εκτός');

    // A wrong current password: the bridge's refusal, the fields kept. Then the right one.
    await passwordForm.getByLabel('Current password').fill('Wrong-pass-1');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await expect(passwordForm.getByRole('alert')).toHaveText('The old password is not correct');
    await expect(passwordForm.getByLabel('Confirm new password')).toHaveValue(NEW_PASSWORD);
    await passwordForm.getByLabel('Current password').fill(DEMO_PASSWORD);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await expect(passwordForm.getByText('Password has successfully been changed')).toBeVisible();
    await expect(passwordForm.getByLabel('New password', { exact: true })).toHaveValue('');
    // Still signed in (the storefront signed in again with the new password): the next save works.
    await profileForm.getByLabel('First name').fill('Θεοδώρα-Μαρία');
    await profileForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(profileForm.getByText('Account data has successfully been updated')).toBeVisible();
    await expectMenuName(page, 'Θεοδώρα-Μαρία Εκτός');

    await logOut(page);
    await submitLogin(page, colleague.email, DEMO_PASSWORD);
    await expect(page.getByText('Your email or password is incorrect')).toBeVisible();
    await logIn(page, colleague.email, NEW_PASSWORD);

    // A new email needs the current password and changes only when the mailed link is opened.
    await openMyProfile(page);
    const newEmail = uniqueEmail('profile');
    await profileForm.getByLabel('Email', { exact: true }).fill(newEmail);
    await profileForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(profileForm.getByLabel('Current password')).toHaveAccessibleDescription('This field is required');
    await profileForm.getByLabel('Current password').fill(NEW_PASSWORD);
    expect(await seriousViolations(page)).toEqual([]);
    await profileForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      profileForm.getByText('We have sent a confirmation link to the new address. Your address changes when you open it.'),
    ).toBeVisible();
    await expect(profileForm.getByLabel('Email', { exact: true })).toHaveValue(colleague.email);
    const mail = await newestMailTo(newEmail, 'confirm-email?token=');
    expect(linkIn(mail, 'confirm-email?token=')).toContain('/confirm-email?token=');

    // SCREENSHOTS=1: the page at phone and desktop widths, into /tmp/screens-profile (outside the repository).
    if (process.env.SCREENSHOTS) {
      await mkdir(SCREENS_DIR, { recursive: true });
      await profileForm.getByLabel('Email', { exact: true }).fill(newEmail);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: `${SCREENS_DIR}/my-profile-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SCREENS_DIR}/my-profile-390.png`, fullPage: true });
    }
  } finally {
    await context.close();
  }
});
