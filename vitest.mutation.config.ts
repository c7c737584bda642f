import { defineConfig } from 'vitest/config';

/**
 * The tests StrykerJS runs for `npm run mutation`: the pure rules of src/domain, which need neither the
 * browser build's plugins nor a database, so each mutant is tested in well under a second.
 */
export default defineConfig({
  test: {
    include: ['src/domain/**/*.test.ts'],
    environment: 'node',
  },
});
