import { defineConfig } from 'vitest/config';

/**
 * The tests StrykerJS runs for `npm run mutation`: the pure rules of src/domain and the bridge's pure pieces
 * (mailed links, the work gate, search normalisation, the proxy setting), which need neither the browser
 * build's plugins nor a database, so each mutant is tested in well under a second.
 */
export default defineConfig({
  test: {
    include: [
      'src/domain/**/*.test.ts',
      'server/services/public-links.test.ts',
      'server/services/work-gate.test.ts',
      'server/services/search/normalize.test.ts',
      'server/http/trust-proxy.test.ts',
    ],
    environment: 'node',
  },
});
