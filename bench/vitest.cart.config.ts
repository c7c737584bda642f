import { defineConfig } from 'vitest/config';

/** Runs the cart benchmark (bench/cart-measure.test.ts) only; `npm test` never includes it. */
export default defineConfig({
  test: { include: ['bench/cart-measure.test.ts'], environment: 'node', testTimeout: 600_000 },
});
