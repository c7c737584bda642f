// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { activateLocale } from './activate-locale';
import { LanguageSelect } from './language-select';
import { LocaleProvider } from './locale-provider';
import { LOCALE_STORAGE_KEY } from './locales';

describe('language switch in the header', () => {
  beforeEach(async () => {
    localStorage.clear();
    await activateLocale('en-US');
  });
  afterEach(cleanup);

  it('switches the UI to Greek, sets <html lang> and remembers the choice', async () => {
    render(
      <LocaleProvider>
        <LanguageSelect />
      </LocaleProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(document.documentElement.lang).toBe('en-US');
    expect(screen.getByRole('option', { name: 'Ελληνικά' })).toBeTruthy();

    fireEvent.change(select, { target: { value: 'el-GR' } });

    // The label itself is translated once the Greek catalog is active.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Γλώσσα' })).toBeTruthy());
    expect(document.documentElement.lang).toBe('el-GR');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('el-GR');
  });
});
