/**
 * Order benchmark: `npx tsx bench/orders.ts` (part of `npm run bench`). The measurements live in
 * bench/orders-measure.test.ts and run under Vitest (the storefront's modules read `import.meta.env`).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = spawnSync('npx', ['vitest', 'run', '--config', 'bench/vitest.orders.config.ts'], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
