import { mkdir } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support/accounts';
import { seriousViolations } from './support/axe';
import { cutNetwork, waitForServiceWorkerControl } from './support/catalog-ui';
import { seededCustomer } from './support/checkout';
import { logIn } from './support/session';

// The static pages are behind login (docs/product-rules.md §2.1): a seeded customer no other spec signs in as.
const customer = seededCustomer('cust-0013');

// Opt-in: SCREENSHOTS=1 also writes the FAQs and the privacy policy at phone and desktop widths.
const SCREENS_DIR = process.env.SCREENS_DIR ?? '/tmp/screens-static';

const footer = (page: Page) => page.getByRole('navigation', { name: 'Information' });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The footer's links, the heading each opens and a sentence of its content. */
const FOOTER_PAGES = [
  { link: 'FAQs', heading: 'Frequently asked questions', url: /\/faqs$/, text: 'Can I use the app without an internet connection?' },
  { link: 'Contact', heading: 'Contact', url: /\/contact$/, text: 'Monday to Friday, 09:00–17:00 (Greek time), except public holidays' },
  { link: 'Terms of use', heading: 'Terms of use', url: /\/terms$/, text: 'These terms are governed by Greek law.' },
  { link: 'Privacy policy', heading: 'Privacy policy', url: /\/privacy$/, text: 'Hellenic Data Protection Authority' },
] as const;

test('the static pages open from the footer, read well for assistive technology, and open offline', async ({ page, context }) => {
  await logIn(page, customer.email, DEMO_PASSWORD);

  for (const target of FOOTER_PAGES) {
    await footer(page).getByRole('link', { name: target.link, exact: true }).click();
    await expect(page).toHaveURL(target.url);
    await expect(heading(page, target.heading)).toBeVisible();
    await expect(page.getByText(target.text, { exact: false }).first()).toBeVisible();
    expect(await seriousViolations(page), target.heading).toEqual([]);
  }

  // Delete account is not in the footer: the privacy policy links it from the right to erasure.
  await page.getByRole('main').getByRole('link', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/delete-account$/);
  await expect(heading(page, 'Delete account')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What is kept' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/my-account');
  expect(await seriousViolations(page), 'Delete account').toEqual([]);

  // A question opens in place and shows its answer.
  await footer(page).getByRole('link', { name: 'FAQs', exact: true }).click();
  const answer = page.getByText('The order waits on your device and is sent once', { exact: false });
  await expect(answer).toBeHidden();
  await page.getByText('When is an order I placed offline sent?').click();
  await expect(answer).toBeVisible();
  expect(await seriousViolations(page), 'FAQs with a question open').toEqual([]);

  // Offline: a reload and every page reached from the footer still open (they are part of the app bundle).
  await waitForServiceWorkerControl(page);
  await cutNetwork(context);
  await page.reload();
  await expect(heading(page, 'Frequently asked questions')).toBeVisible();
  for (const target of FOOTER_PAGES) {
    await footer(page).getByRole('link', { name: target.link, exact: true }).click();
    await expect(heading(page, target.heading)).toBeVisible();
    await expect(page.getByText(target.text, { exact: false }).first()).toBeVisible();
  }
  await page.goto('/delete-account');
  await expect(heading(page, 'Delete account')).toBeVisible();
});

test('screenshots of the FAQs and the privacy policy', async ({ page }) => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');
  await mkdir(SCREENS_DIR, { recursive: true });
  await logIn(page, customer.email, DEMO_PASSWORD);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.goto('/faqs');
    await expect(heading(page, 'Frequently asked questions')).toBeVisible();
    await page.getByText('How can I pay?').click();
    await page.screenshot({ path: `${SCREENS_DIR}/faqs-${width}.png`, fullPage: true });
    await page.goto('/privacy');
    await expect(heading(page, 'Privacy policy')).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/privacy-${width}.png`, fullPage: true });
  }
});
