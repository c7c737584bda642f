/** UI locales (docs/product-rules.md §1): el-GR and en-US, en-US being the default and the fallback. */
export const LOCALES = ['en-US', 'el-GR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

/** Where the header's language switch remembers an explicit choice. */
export const LOCALE_STORAGE_KEY = 'b2b.locale';

/** Names in their own language, so a person who cannot read the current UI still finds theirs. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'el-GR': 'Ελληνικά',
  'en-US': 'English',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * An explicit choice wins; otherwise a browser whose preferred languages start with Greek gets the Greek UI,
 * every other browser the English one. Only the first preference counts, as browsers order them.
 */
export function detectLocale(browserLanguages: readonly string[], storedChoice: string | null): Locale {
  if (isLocale(storedChoice)) return storedChoice;
  const first = browserLanguages[0]?.toLowerCase() ?? '';
  return first === 'el' || first.startsWith('el-') ? 'el-GR' : DEFAULT_LOCALE;
}
