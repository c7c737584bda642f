import { beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import type { CatalogType, ExtractedCatalogType } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { M } from '../contracts/messages';
import { LOCALES } from './shared/i18n/locales';

/**
 * Both catalogs are complete: every text the bridge can send (`M`) and every message the UI code uses
 * (found by the same extractor `npm run i18n:extract` runs) has a non-empty translation in el-GR and en-US.
 * A failure names the missing messages; fix it with `npm run i18n:extract` and a translation.
 */
describe('translation catalogs', () => {
  let extracted: ExtractedCatalogType;
  const catalogs = new Map<string, CatalogType>();

  beforeAll(async () => {
    const config = getConfig({ configPath: fileURLToPath(new URL('../../lingui.config.ts', import.meta.url)) });
    const [catalog] = await getCatalogs(config);
    if (!catalog) throw new Error('lingui.config.ts declares no catalog');
    extracted = (await catalog.collect()) ?? {};
    for (const locale of LOCALES) catalogs.set(locale, await catalog.read(locale));
  }, 120_000);

  const untranslated = (locale: string, ids: Iterable<string>) => {
    const catalog = catalogs.get(locale) ?? {};
    return [...ids].filter((id) => !catalog[id]?.translation?.trim());
  };

  it.each(LOCALES)('%s translates every message of src/contracts/messages.ts', (locale) => {
    expect(untranslated(locale, Object.values(M))).toEqual([]);
  });

  it.each(LOCALES)('%s translates every message used in the UI code', (locale) => {
    const ids = Object.keys(extracted);
    expect(ids.length).toBeGreaterThan(Object.keys(M).length / 2);
    const missing = untranslated(locale, ids).map((id) => extracted[id]?.message ?? id);
    expect(missing).toEqual([]);
  });

  it('keeps the Greek catalog Greek: no message is left as its English text', () => {
    const greek = catalogs.get('el-GR') ?? {};
    const english = catalogs.get('en-US') ?? {};
    // Proper names and codes may stay the same in both languages.
    const sameInBoth = new Set(['404', 'ΑΦΜ', 'Email', 'OK']);
    const copied = Object.keys(extracted).filter((id) => {
      const el = greek[id]?.translation;
      return el !== undefined && el === english[id]?.translation && !sameInBoth.has(el) && /[a-z]{3}/i.test(el);
    });
    expect(copied).toEqual([]);
  });
});
