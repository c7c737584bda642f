import { expect, test } from '@playwright/test';
import { NEW_PASSWORD, uniqueEmail } from './support/accounts';
import { REGISTRATION_SLOTS, prospectCompany } from './support/companies';
import { linkIn, newestMailTo } from './support/outbox';
import { registerByApi } from './support/register';
import { logIn, submitLogin } from './support/session';

test('a buyer who forgot the password resets it from the mailed link and logs in with the new one', async ({ page, request }, testInfo) => {
  // A dedicated user, so the demo accounts keep their documented password.
  const company = prospectCompany(REGISTRATION_SLOTS.passwordReset, testInfo.retry);
  const email = uniqueEmail('reset');
  const oldPassword = 'Old-pass-77';
  await registerByApi(request, { afm: company.afm, email, password: oldPassword, firstname: 'Νίκος', lastname: 'Reset' });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for this email, we have sent a link to reset the password.')).toBeVisible();

  const mail = await newestMailTo(email, 'reset-password?token=');
  const link = linkIn(mail, 'reset-password?token=');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();

  await expect(page.getByText('Password has successfully been changed')).toBeVisible();
  await expect(page).toHaveURL(/\/login(\?|$)/);

  // The old password no longer works; the new one does.
  await submitLogin(page, email, oldPassword);
  await expect(page.getByText('Your email or password is incorrect')).toBeVisible();
  await logIn(page, email, NEW_PASSWORD);

  // The link is single-use.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Another-pass-9');
  await page.getByLabel('Confirm password', { exact: true }).fill('Another-pass-9');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The link has expired or is invalid')).toBeVisible();
});
