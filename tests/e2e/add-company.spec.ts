import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, uniqueEmail } from './support/accounts';
import { seriousViolations } from './support/axe';
import { prospectCompany, REGISTRATION_SLOTS } from './support/companies';
import { logIn, selectBuyerDialog } from './support/session';

/**
 * A signed-in customer adds a company by its tax number (docs/product-rules.md §6.2). The customer registers for
 * this test only (through the bridge, as the registration page would): a seeded customer shared with other specs
 * would come out of it with a second company, and their sign-in would then ask which one.
 */

test('a customer adds a registry company by its tax number and finds it in the company switch', async ({ page, request }, testInfo) => {
  const company = prospectCompany(REGISTRATION_SLOTS.addCompany, testInfo.retry);
  const own = prospectCompany(REGISTRATION_SLOTS.addCompanyOwner, testInfo.retry);
  const email = uniqueEmail('adds-company');
  const registered = await request.post('/api/bridge/buyers', {
    data: { customer: { email, firstname: 'Στέλιος', lastname: 'Προσθέτης', taxvat: own.afm }, password: DEMO_PASSWORD },
  });
  expect(registered.status()).toBe(200);
  await logIn(page, email, DEMO_PASSWORD);

  await page.getByRole('button', { name: 'Switch company' }).click();
  await selectBuyerDialog(page).getByRole('button', { name: 'Add a company' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a company' });
  await dialog.getByLabel('Tax number (ΑΦΜ)').fill(company.afm);
  await dialog.getByRole('button', { name: 'Find company' }).click();
  await expect(dialog.getByText(company.legalName, { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Add this company' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('The company has been added to your account')).toBeVisible();

  await page.getByRole('button', { name: 'Switch company' }).click();
  await selectBuyerDialog(page).getByRole('button', { name: company.legalName, exact: true }).click();
  await expect(selectBuyerDialog(page)).toBeHidden();
  await expect(page.locator('header').getByText(company.legalName, { exact: true })).toBeVisible();
});
