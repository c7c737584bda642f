import { mkdir } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { logIn } from './support/session';

// Opt-in visual check, not part of `npm test`: SCREENSHOTS=1 npx playwright test screenshots
// writes login, register and home at phone and desktop widths into /tmp/screens/ (outside the repo).
const SCREENS_DIR = process.env.SCREENS_DIR ?? '/tmp/screens';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');

for (const width of [390, 1280]) {
  test(`screenshots at ${width} px`, async ({ page }) => {
    await mkdir(SCREENS_DIR, { recursive: true });
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/login-${width}.png`, fullPage: true });

    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/register-${width}.png`, fullPage: true });

    await logIn(page, DEMO.superUser, DEMO_PASSWORD);
    await page.screenshot({ path: `${SCREENS_DIR}/home-${width}.png`, fullPage: true });
  });
}
