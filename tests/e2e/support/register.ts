import { expect, type APIRequestContext, type Page } from '@playwright/test';

export type NewBuyer = { afm: string; email: string; password: string; firstname: string; lastname: string };

/** Registration step 1 on the page: the tax number lookup. */
export async function findCompany(page: Page, afm: string): Promise<void> {
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await page.getByLabel('Tax number (ΑΦΜ)').fill(afm);
  await page.getByRole('button', { name: 'Find company' }).click();
}

/**
 * Registration step 2 on the page: the first user of the company, or (`submit` 'Create account and ask
 * to join') a newcomer asking to join a company that is already a member.
 */
export async function fillAccount(page: Page, buyer: NewBuyer, submit = 'Create account'): Promise<void> {
  await page.getByLabel('First name', { exact: true }).fill(buyer.firstname);
  await page.getByLabel('Last name', { exact: true }).fill(buyer.lastname);
  await page.getByLabel('Email', { exact: true }).fill(buyer.email);
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(buyer.password);
  await page.getByRole('button', { name: submit, exact: true }).click();
}

/** Registers through the bridge API (POST /api/bridge/buyers) when the page flow is not what a test is about. */
export async function registerByApi(request: APIRequestContext, buyer: NewBuyer): Promise<void> {
  const response = await request.post('/api/bridge/buyers', {
    data: {
      customer: { email: buyer.email, firstname: buyer.firstname, lastname: buyer.lastname, taxvat: buyer.afm },
      password: buyer.password,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Opens the confirmation link of the newest confirmation mail to `email` through the bridge API. */
export async function confirmByApi(request: APIRequestContext, email: string, link: string): Promise<void> {
  const token = new URL(link).searchParams.get('token') ?? '';
  const response = await request.post('/api/client/user/confirm-email', { data: { token } });
  expect(response.status(), `${email}: ${await response.text()}`).toBe(200);
}
