import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { activateLocale, rememberLocale } from './activate-locale';
import { isLocale } from './locales';
import type { Locale } from './locales';

interface LocaleContextValue {
  locale: Locale;
  changeLocale(locale: Locale): Promise<void>;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

/** Expects the first locale to be active already (main.tsx awaits it), so nothing renders untranslated. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState<Locale>(() => (isLocale(i18n.locale) ? i18n.locale : 'en-US'));

  const changeLocale = useCallback(async (next: Locale) => {
    await activateLocale(next);
    rememberLocale(next);
    setLocale(next);
  }, []);

  const value = useMemo(() => ({ locale, changeLocale }), [locale, changeLocale]);
  return (
    <LocaleContext.Provider value={value}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale must be used inside <LocaleProvider>');
  return value;
}
