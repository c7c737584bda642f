import { expect, test } from '@playwright/test';

const GREEK = /[\u0370-\u03ff\u1f00-\u1fff]/;

test.describe('language', () => {
  test.use({ locale: 'el-GR' });

  test('a Greek browser gets the Greek login page', async ({ page }) => {
    await page.goto('/login');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(GREEK);
    await expect(heading).not.toHaveText('Log in');
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toHaveCount(0);
  });
});

test('the language switch changes the interface language, and the choice survives a reload', async ({ page }) => {
  await page.goto('/login');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Log in');

  await page.getByLabel('Language').selectOption({ label: 'Ελληνικά' });
  await expect(heading).toHaveText(GREEK);
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toHaveCount(0);

  await page.reload();
  await expect(heading).toHaveText(GREEK);

  await page.getByLabel(/Language|Γλώσσα/).selectOption({ label: 'English' });
  await expect(heading).toHaveText('Log in');
});
