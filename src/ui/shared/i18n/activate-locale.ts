import { i18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import { warmMoneyFormatters } from '../../../domain/money';
import { whenIdle } from '../../components/when-idle';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, detectLocale } from './locales';
import type { Locale } from './locales';

// The Lingui Vite plugin compiles a .po catalog into `export const messages`; each locale is its own chunk.
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  'en-US': () => import('../../../locales/en-US/messages.po'),
  'el-GR': () => import('../../../locales/el-GR/messages.po'),
};

/**
 * Loads the catalog, switches Lingui and keeps `<html lang>` in step so screen readers pick the voice;
 * the locale's price formatters are then built when the main thread is idle.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, locales: [locale, DEFAULT_LOCALE], messages });
  document.documentElement.lang = locale;
  // At the latest a second after start-up: a deep link to a listing during a busy start gets them too.
  void whenIdle(1000).then(() => warmMoneyFormatters(locale));
}

export function initialLocale(): Locale {
  return detectLocale(navigator.languages ?? [navigator.language], readStoredLocale());
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch (error) {
    // Storage can be full or blocked (private mode); the choice then lasts for this visit only.
    console.warn('Could not remember the language choice', error);
  }
}

function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch (error) {
    console.warn('Could not read the remembered language', error);
    return null;
  }
}
