import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { homeHeading, logIn } from './support/session';

test.describe('routes a visitor can and cannot reach', () => {
  test('a visitor is sent from a protected route to the login page', async ({ page }) => {
    await page.goto('/my-account');
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/login(\?|$)/);
  });

  test('the home page also requires login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(homeHeading(page)).toHaveCount(0);
  });

  test('an unknown address shows the 404 page to a visitor', async ({ page }) => {
    const response = await page.goto('/this-page-does-not-exist-42');
    expect(response?.status()).toBeLessThan(500);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('404 - Page not found');
    await expect(page).toHaveURL(/this-page-does-not-exist-42$/);
  });

  test('the 404 page is shown to a logged-in buyer too', async ({ page }) => {
    await logIn(page, DEMO.admin, DEMO_PASSWORD);
    await page.goto('/no-such-place/at-all');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('404 - Page not found');
  });

  test('after logging in, a visitor lands where they wanted to go', async ({ page }) => {
    await page.goto('/suppliers?sort=name');
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await page.getByLabel('Email', { exact: true }).fill(DEMO.admin);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/suppliers\?sort=name$/);
  });

  test('store-code prefixes and the /pwa.html alias lead to the same pages', async ({ page }) => {
    await page.goto('/de/checkout');
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await page.goto('/it/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

    await logIn(page, DEMO.admin, DEMO_PASSWORD);
    await page.goto('/pwa.html');
    await expect(homeHeading(page)).toBeVisible();
    await page.goto('/de/');
    await expect(homeHeading(page)).toBeVisible();
  });

  test('the error page is open to a visitor', async ({ page }) => {
    await page.goto('/error');
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(page).toHaveURL(/\/error$/);
  });
});
