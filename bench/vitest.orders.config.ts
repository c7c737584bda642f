import { defineConfig } from 'vitest/config';

/** Runs the orders benchmark (bench/orders-measure.test.ts) only; `npm test` never includes it. */
export default defineConfig({
  test: { include: ['bench/orders-measure.test.ts'], environment: 'node', testTimeout: 600_000 },
});
