import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { logIn } from './support/session';

/** Width of content that sticks out of the viewport: a phone user would have to scroll sideways. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('login and registration fit the screen without sideways scrolling', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });

  test('home with the header of a super user fits the screen, and the account menu is reachable', async ({ page }) => {
    await logIn(page, DEMO.superUser, DEMO_PASSWORD);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'My account' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Switch company' })).toBeInViewport();
  });
});
