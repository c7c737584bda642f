import { expect, test } from '@playwright/test';
import { NEW_PASSWORD, uniqueEmail } from './support/accounts';
import { REGISTRATION_SLOTS, naturalPerson, prospectCompany } from './support/companies';
import { fillAccount, findCompany, registerByApi } from './support/register';
import { homeHeading, logIn, logOut } from './support/session';

test.describe('registration of a company', () => {
  test('a company registers with its tax number and its first user is signed in', async ({ page }, testInfo) => {
    const company = prospectCompany(REGISTRATION_SLOTS.register, testInfo.retry);
    const buyer = { afm: company.afm, email: uniqueEmail('register'), password: NEW_PASSWORD, firstname: 'Ελένη', lastname: 'Test' };

    await findCompany(page, company.afm);
    await expect(page.getByText(company.legalName)).toBeVisible();
    await fillAccount(page, buyer);

    await expect(homeHeading(page)).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(company.legalName);

    // The account is real: it can log in again with the chosen password.
    await logOut(page);
    await expect(page.getByText("You're logged out")).toBeVisible();
    await logIn(page, buyer.email, buyer.password);
  });

  test('a natural person cannot register', async ({ page }) => {
    await findCompany(page, naturalPerson().afm);
    await expect(page.getByText('Company info not found. Only companies can register.')).toBeVisible();
    await expect(page.getByLabel('First name', { exact: true })).toHaveCount(0);
  });

  test('a company that is already a buyer cannot register again', async ({ page, request }, testInfo) => {
    const company = prospectCompany(REGISTRATION_SLOTS.duplicate, testInfo.retry);
    await registerByApi(request, {
      afm: company.afm,
      email: uniqueEmail('first'),
      password: NEW_PASSWORD,
      firstname: 'Πρώτος',
      lastname: 'Χρήστης',
    });

    await findCompany(page, company.afm);
    const refusal = page.getByText('This company is already a member of the marketplace');
    const nextStep = page.getByLabel('First name', { exact: true });
    // The bridge may refuse at the lookup or only when the account is created; either way the buyer is told.
    await expect(refusal.or(nextStep).first()).toBeVisible();
    if (await nextStep.isVisible()) {
      await fillAccount(page, {
        afm: company.afm,
        email: uniqueEmail('second'),
        password: NEW_PASSWORD,
        firstname: 'Δεύτερος',
        lastname: 'Χρήστης',
      });
    }
    await expect(refusal).toBeVisible();
    await expect(homeHeading(page)).toHaveCount(0);
  });
});
