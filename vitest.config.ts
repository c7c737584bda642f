import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/support/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          globalSetup: ['tests/server/helpers/pglite-template.ts'],
          include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          // Cheaper password hashing under the test runner only (server/services/password-hash.ts).
          env: { SCRYPT_TEST_LOG2_N: '14' },
          hookTimeout: 60_000,
          // Two files at a time: each has its own database (a PGlite started from the migrated template, or
          // its own PostgreSQL schema), and most of a file's time is spent waiting on it.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
