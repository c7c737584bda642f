/**
 * Cart benchmark: `npx tsx bench/cart.ts` (part of `npm run bench`). The measurements live in
 * bench/cart-measure.test.ts and run under Vitest (the storefront's modules read `import.meta.env`).
 */
import { runVitestBench } from './support/vitest-bench';

runVitestBench('cart', 'bench/vitest.cart.config.ts');
