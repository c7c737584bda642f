/**
 * Order benchmark: `npx tsx bench/orders.ts` (part of `npm run bench`). The measurements live in
 * bench/orders-measure.test.ts and run under Vitest (the storefront's modules read `import.meta.env`).
 */
import { runVitestBench } from './support/vitest-bench';

runVitestBench('orders', 'bench/vitest.orders.config.ts');
