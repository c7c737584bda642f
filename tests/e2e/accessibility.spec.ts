import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { logIn } from './support/session';

/** Serious and critical axe violations, one readable line each so a failure says what to fix. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

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
