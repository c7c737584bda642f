/**
 * Cart benchmark: `npx tsx bench/cart.ts` (part of `npm run bench`). The measurements live in
 * bench/cart-measure.test.ts and run under Vitest (the storefront's modules read `import.meta.env`).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = spawnSync('npx', ['vitest', 'run', '--config', 'bench/vitest.cart.config.ts'], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
