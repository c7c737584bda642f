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

/*
 * The header's buttons row and the company's row, at every breakpoint and in Greek (the longest labels): the
 * company's name once got no room at all beside the buttons (a lone first letter at 1280 px), and from 577 to
 * 700 px the brand and cart icons were squeezed to a few pixels.
 */
test('the header keeps every control whole and shows the company\u2019s name, from phones to desktops', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, DEMO.user, DEMO_PASSWORD);
  await page.getByLabel('Language').selectOption('el-GR');
  await expect(page.getByRole('heading', { level: 1, name: 'Αρχική' })).toBeVisible();
  for (const width of [390, 577, 700, 961, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const header = await page.evaluate(() => {
      const controls = [...document.querySelectorAll('header :is(a, button, select):not(nav *)')].filter(
        (element) => element.getBoundingClientRect().width > 0,
      );
      const name = document.querySelector<HTMLElement>('header [title]');
      return {
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        squeezed: controls
          .map((element) => ({ element, box: element.getBoundingClientRect() }))
          .filter(({ box }) => box.left < 0 || box.right > window.innerWidth || box.width < 32 || box.height < 32)
          .map(
            ({ element, box }) => `${element.tagName} "${element.textContent?.trim()}" ${Math.round(box.width)}×${Math.round(box.height)}`,
          ),
        name: name ? { shown: name.clientWidth, whole: name.scrollWidth } : null,
      };
    });
    expect(header.overflow, `${width} px`).toBeLessThanOrEqual(0);
    expect(header.squeezed, `${width} px`).toEqual([]);
    expect(header.name, `${width} px`).not.toBeNull();
    // Phones: most of the name (it gives way with an ellipsis); from md, all of it.
    if (width < 577) expect(header.name!.shown, `${width} px`).toBeGreaterThanOrEqual(Math.min(header.name!.whole, 120));
    else expect(header.name!.shown, `${width} px`).toBeGreaterThanOrEqual(header.name!.whole);
  }
});
