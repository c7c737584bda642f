import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { seriousViolations } from './support/axe';
import { logIn } from './support/session';

for (const width of [390, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 800 } });

    test('login page has no serious or critical axe violation', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('home page after login has no serious or critical axe violation', async ({ page }) => {
      await logIn(page, DEMO.admin, DEMO_PASSWORD);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
