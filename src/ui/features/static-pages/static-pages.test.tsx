// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { activateLocale } from '../../shared/i18n/activate-locale';
import { SUPPORT_EMAIL } from '../../shared/contact/support-contact';
import { Component as ContactPage } from './contact-page';
import { Component as DeleteAccountPage } from './delete-account-page';
import { Component as FaqsPage } from './faqs-page';
import { Component as PrivacyPage } from './privacy-page';
import { Component as TermsPage } from './terms-page';

const pages: [url: string, Page: ComponentType, heading: string, text: RegExp][] = [
  ['/faqs', FaqsPage, 'Frequently asked questions', /sent once, as soon as the connection returns/],
  ['/terms', TermsPage, 'Terms of use', /contract between your company and one supplier/],
  ['/privacy', PrivacyPage, 'Privacy policy', /Hellenic Data Protection Authority/],
  ['/contact', ContactPage, 'Contact', /contact the supplier from its own supplier page/],
  ['/delete-account', DeleteAccountPage, 'Delete account', /only super user of a company, first make a colleague/],
];

function renderAt(url: string, Page: ComponentType) {
  const router = createMemoryRouter([{ path: url, Component: Page }], { initialEntries: [url] });
  return render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

beforeEach(() => activateLocale('en-US'));
afterEach(cleanup);

describe('static pages', () => {
  it.each(pages)('%s shows its heading and its text', (url, Page, heading, text) => {
    renderAt(url, Page);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('the FAQs are at least eight closed questions in three groups that open on a click', async () => {
    const { container } = renderAt('/faqs', FaqsPage);
    const groups = screen.getAllByRole('region');
    expect(groups.map((g) => within(g).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Ordering and working offline',
      'Account and company',
      'Payments and delivery',
    ]);
    const questions = [...container.querySelectorAll('details')];
    expect(questions.length).toBeGreaterThanOrEqual(8);
    expect(questions.every((q) => !q.open)).toBe(true);

    const question = screen.getByText('How can I pay?');
    await userEvent.click(question);
    const details = question.closest('details');
    expect(details?.open).toBe(true);
    expect(within(details!).getByText(/once the supplier has approved credit terms/)).toBeTruthy();
    expect(questions.filter((q) => q.open)).toHaveLength(1);
  });

  it('the terms and the privacy policy say when they were last updated', () => {
    for (const [url, Page] of [
      ['/terms', TermsPage],
      ['/privacy', PrivacyPage],
    ] as const) {
      renderAt(url, Page);
      expect(screen.getByText('26 November 2026').closest('time')?.getAttribute('datetime')).toBe('2026-11-26');
      cleanup();
    }
  });

  it('the contact page links the support address and the phone', () => {
    renderAt('/contact', ContactPage);
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
    expect(screen.getByRole('link', { name: /^\+30/ }).getAttribute('href')).toMatch(/^tel:\+30\d{10}$/);
  });

  it('the delete-account page sends the buyer to My account and to the contact page', () => {
    renderAt('/delete-account', DeleteAccountPage);
    expect(screen.getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/my-account');
    expect(screen.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('/contact');
  });

  it('speaks Greek when Greek is chosen', async () => {
    await activateLocale('el-GR');
    renderAt('/faqs', FaqsPage);
    expect(screen.getByRole('heading', { level: 1, name: 'Συχνές ερωτήσεις' })).toBeTruthy();
    expect(screen.getByText('Μπορώ να παραγγείλω από πολλούς προμηθευτές ταυτόχρονα;')).toBeTruthy();
    cleanup();

    renderAt('/privacy', PrivacyPage);
    expect(screen.getByRole('heading', { level: 1, name: 'Πολιτική απορρήτου' })).toBeTruthy();
    expect(screen.getByText(/Αρχή Προστασίας Δεδομένων Προσωπικού Χαρακτήρα/)).toBeTruthy();
    expect(screen.queryByText(/Hellenic Data Protection Authority/)).toBeNull();
  });
});
