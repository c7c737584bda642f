import { expect, test, type Page } from '@playwright/test';
import { NEW_PASSWORD, uniqueEmail } from './support/accounts';
import { REGISTRATION_SLOTS, naturalPerson, prospectCompany } from './support/companies';
import { seriousViolations } from './support/axe';
import { linkIn, newestMailTo } from './support/outbox';
import { confirmByApi, fillAccount, findCompany, registerByApi } from './support/register';
import { homeHeading, logIn, logOut } from './support/session';

const accountStatus = (page: Page) => page.getByRole('region', { name: 'Account status' });
const confirmNotice = (page: Page) => accountStatus(page).getByText('Please confirm your email address');

test.describe('registration of a company', () => {
  test('a company registers with its tax number, its first user confirms the email from the mailed link', async ({ page }, testInfo) => {
    const company = prospectCompany(REGISTRATION_SLOTS.register, testInfo.retry);
    const buyer = { afm: company.afm, email: uniqueEmail('register'), password: NEW_PASSWORD, firstname: 'Ελένη', lastname: 'Test' };

    await findCompany(page, company.afm);
    await expect(page.getByText(company.legalName)).toBeVisible();
    await fillAccount(page, buyer);

    // Signed in, but the registration ends by asking to confirm the address.
    await expect(homeHeading(page)).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(company.legalName);
    await expect(confirmNotice(page)).toBeVisible();
    await expect(accountStatus(page)).toContainText(buyer.email);

    const link = linkIn(await newestMailTo(buyer.email, '/confirm-email?token='), '/confirm-email?token=');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Email confirmation' })).toBeVisible();
    await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
    await page.getByRole('link', { name: 'Continue to the shop' }).click();
    await expect(homeHeading(page)).toBeVisible();
    await expect(accountStatus(page)).toHaveCount(0);

    // The link works once.
    await page.goto(link);
    await expect(page.getByText('The link has expired or is invalid')).toBeVisible();

    // The account is real: it can log in again with the chosen password, confirmed.
    await page.goto('/');
    await logOut(page);
    await expect(page.getByText("You're logged out")).toBeVisible();
    await logIn(page, buyer.email, buyer.password);
    await expect(accountStatus(page)).toHaveCount(0);
  });

  test('a natural person cannot register', async ({ page }) => {
    await findCompany(page, naturalPerson().afm);
    await expect(page.getByText('Company info not found. Only companies can register.')).toBeVisible();
    await expect(page.getByLabel('First name', { exact: true })).toHaveCount(0);
  });

  test('a company that is already a buyer cannot register again; a newcomer asks to join and a super user approves', async ({
    page,
    request,
  }, testInfo) => {
    // Two registrations, two confirmations, a join request and its review: a minute is tight on a busy machine.
    test.setTimeout(120_000);
    const company = prospectCompany(REGISTRATION_SLOTS.duplicate, testInfo.retry);
    const owner = { afm: company.afm, email: uniqueEmail('first'), password: NEW_PASSWORD, firstname: 'Πρώτος', lastname: 'Χρήστης' };
    await registerByApi(request, owner);
    await confirmByApi(request, owner.email, linkIn(await newestMailTo(owner.email, '/confirm-email'), '/confirm-email'));

    await findCompany(page, company.afm);
    await expect(page.getByText('This company is already a member of the marketplace')).toBeVisible();
    const offer = page.getByRole('region', { name: 'Ask to join this company' });
    await expect(offer).toBeVisible();
    const newcomer = { afm: company.afm, email: uniqueEmail('second'), password: NEW_PASSWORD, firstname: 'Δεύτερος', lastname: 'Χρήστης' };
    await fillAccount(page, newcomer, 'Create account and ask to join');

    // Signed in, in no company: waiting for the company, and for the address to be confirmed.
    await expect(homeHeading(page)).toBeVisible();
    await expect(accountStatus(page).getByText(`Waiting for approval by ${company.legalName}`)).toBeVisible();
    await expect(confirmNotice(page)).toBeVisible();
    await expect(page.locator('body')).not.toContainText(owner.email);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(linkIn(await newestMailTo(newcomer.email, '/confirm-email'), '/confirm-email'));
    await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
    await page.getByRole('link', { name: 'Continue to the shop' }).click();
    // Landed: the account menu closes on a navigation, so it is opened only once the shop is shown.
    await expect(homeHeading(page)).toBeVisible();
    await expect(confirmNotice(page)).toHaveCount(0);
    await logOut(page);

    // The super user is mailed a review link once the newcomer's address is confirmed.
    const review = linkIn(await newestMailTo(owner.email, '/my-account/users/requests'), '/my-account/users/requests');
    await logIn(page, owner.email, owner.password);
    await page.goto(review);
    await expect(page.getByRole('heading', { level: 1, name: `Requests to join ${company.legalName}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve Δεύτερος Χρήστης' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Approve Δεύτερος Χρήστης' }).click();
    await expect(page.getByText('The person has been added to the company')).toBeVisible();
    await expect(page.getByText('No one is waiting to join.')).toBeVisible();
    await logOut(page);

    // Approved: the newcomer orders for the company, as a plain user.
    await logIn(page, newcomer.email, newcomer.password);
    await expect(page.getByRole('banner')).toContainText(company.legalName);
    await expect(accountStatus(page)).toHaveCount(0);
  });
});
