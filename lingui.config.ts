import { defineConfig } from '@lingui/conf';
import type { ExtractorType } from '@lingui/conf';
import babelExtractor from '@lingui/cli/api/extractors/babel';
import { M } from './src/contracts/messages';

/**
 * The bridge and the zod contracts speak in the English texts of `M`; the storefront translates them with
 * `i18n._(text)`. They are not macros, so this extractor puts each one in the catalogs with the English
 * text as an explicit id (a hashed id would never match the text the server sends).
 */
const contractMessagesExtractor: ExtractorType = {
  match: (filename) => filename.replaceAll('\\', '/').endsWith('src/contracts/messages.ts'),
  extract(filename, _code, onMessageExtracted) {
    for (const text of new Set<string>(Object.values(M))) {
      onMessageExtracted({
        id: text,
        message: text,
        origin: [filename, 0],
        comment: 'Server / validation message (src/contracts/messages.ts)',
      });
    }
  },
};

export default defineConfig({
  sourceLocale: 'en-US',
  locales: ['en-US', 'el-GR'],
  fallbackLocales: { default: 'en-US' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src/ui', '<rootDir>/src/contracts/messages.ts'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
  extractors: [contractMessagesExtractor, babelExtractor],
  format: 'po',
  formatOptions: { lineNumbers: false },
});
