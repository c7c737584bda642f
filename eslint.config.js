// Flat config. Layer boundaries (ARCHITECTURE "Layout and dependency direction") are enforced here with
// `no-restricted-imports` regex patterns over the import specifier: relative imports are matched by the
// folder they climb into, so `../db/x` from src/domain and `../../src/ui/x` from server/ are both caught.
// scripts/lint-boundaries.test.ts proves the rules fire.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** One `no-restricted-imports` pattern: a regex over the specifier, and the message a developer sees. */
const forbid = (regex, message) => ({ regex, message });

/** A relative import that climbs out of the current layer into a sibling folder of src/. */
const intoSrc = (folders) => `^(\\.\\./)+(src/)?(${folders.join('|')})(/|$)`;

const serverOnlyPackages = forbid(
  '^(fastify|@fastify/.*|pg|pg-.*|@electric-sql/pglite(/.*)?|nodemailer)$',
  'Server-only packages stay in server/.',
);
const uiPackages = forbid(
  '^(react|react-dom|react-dom/.*|react/.*|react-router(/.*)?|@lingui/react(/.*)?|react-hook-form)$',
  'React and UI libraries belong in src/ui.',
);
const storagePackages = forbid('^(rxdb|rxdb/.*|dexie|dexie/.*)$', 'RxDB and Dexie belong in src/db (and src/replication).');
const networkPackages = forbid(
  '^(axios|ky|node-fetch|cross-fetch|undici|ofetch|isomorphic-fetch|workbox-.*)$',
  'Network access belongs in src/replication.',
);

const layerRules = [
  {
    name: 'layers/domain',
    files: ['src/domain/**'],
    patterns: [
      forbid(intoSrc(['contracts', 'db', 'replication', 'ui', 'locales', 'sw']), 'src/domain is pure: it imports no other layer.'),
      forbid('^(\\.\\./)+server(/|$)', 'src/domain never imports the server.'),
      uiPackages,
      storagePackages,
      networkPackages,
      serverOnlyPackages,
    ],
  },
  {
    name: 'layers/contracts',
    files: ['src/contracts/**'],
    patterns: [
      forbid(intoSrc(['db', 'replication', 'ui', 'locales', 'sw']), 'src/contracts imports only src/domain (and zod).'),
      forbid('^(\\.\\./)+server(/|$)', 'src/contracts never imports the server.'),
      uiPackages,
      storagePackages,
      networkPackages,
      serverOnlyPackages,
    ],
  },
  {
    name: 'layers/db',
    files: ['src/db/**'],
    patterns: [
      forbid(intoSrc(['replication', 'ui', 'sw']), 'src/db imports only src/domain and src/contracts.'),
      forbid('^(\\.\\./)+server(/|$)', 'src/db never imports the server.'),
      networkPackages,
      serverOnlyPackages,
    ],
  },
  {
    name: 'layers/replication',
    files: ['src/replication/**'],
    patterns: [
      forbid(intoSrc(['ui', 'sw']), 'src/replication imports only src/domain, src/contracts and src/db.'),
      forbid('^(\\.\\./)+server(/|$)', 'src/replication never imports the server.'),
      uiPackages,
      serverOnlyPackages,
    ],
  },
  {
    name: 'layers/ui',
    files: ['src/ui/**', 'src/sw.ts', 'src/main.tsx'],
    patterns: [forbid('^(\\.\\./)+server(/|$)', 'The storefront never imports the server.'), serverOnlyPackages],
  },
  {
    name: 'layers/server',
    files: ['server/**'],
    patterns: [
      forbid('^(\\.\\./)+src/(db|replication|ui|locales|sw)(/|$)', 'server/ may import only src/domain and src/contracts.'),
      uiPackages,
      storagePackages,
    ],
  },
].map(({ name, files, patterns }) => ({
  name,
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
}));

export default defineConfig(
  {
    name: 'ignores',
    ignores: [
      'dist/**',
      'dev-dist/**',
      'node_modules/**',
      'data/**',
      'data-*/**',
      'coverage/**',
      'reports/**',
      '.stryker-tmp/**',
      'playwright-report/**',
      'test-results/**',
      'bench/results/**',
      'src/locales/**/*.js',
      'src/locales/**/*.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'project/base',
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-ignore': true, 'ts-nocheck': true, 'ts-expect-error': 'allow-with-description', minimumDescriptionLength: 5 },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    name: 'project/browser',
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
  },
  {
    ...reactHooks.configs.flat.recommended,
    name: 'project/react-hooks',
    files: ['src/ui/**/*.{ts,tsx}'],
  },
  {
    // The system clock is the one place that may read the wall clock (ARCHITECTURE: clock injected).
    name: 'layers/domain-purity',
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/clock.ts', 'src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'src/domain does no I/O.' },
        { name: 'XMLHttpRequest', message: 'src/domain does no I/O.' },
        { name: 'localStorage', message: 'src/domain does no I/O.' },
        { name: 'indexedDB', message: 'src/domain does no I/O.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Inject a Clock instead of reading Date.now() in src/domain.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Inject a Clock instead of reading new Date() in src/domain.',
        },
      ],
    },
  },
  ...layerRules,
);
