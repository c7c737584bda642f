/**
 * `npm run bench`: runs every benchmark of issue 3 one after another (each in its own process, so one
 * benchmark's heap and PGlite instance do not skew the next), then prints one summary table from the JSON
 * files they write to bench/results/. `BENCH_ONLY=local-search,bridge-search` runs a subset.
 * Benchmarks measure; they never fail the test suite. A benchmark that crashes makes this script exit 1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ALL = [
  'first-sync',
  'listing-render',
  'local-search',
  'bridge-search',
  'cart',
  'cart-browser',
  'orders',
  'bundle',
  'lighthouse',
] as const;

const only = process.env.BENCH_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const selected = ALL.filter((name) => !only || only.includes(name));
const failed: string[] = [];

for (const name of selected) {
  const script = path.join(HERE, `${name}.ts`);
  if (!existsSync(script)) {
    console.log(`\n== ${name}: no benchmark script yet (bench/${name}.ts)`);
    failed.push(name);
    continue;
  }
  console.log(`\n== ${name}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit', env: process.env });
  if (run.status !== 0) failed.push(name);
}

type Summary = { target?: string; met?: boolean; [key: string]: unknown };
console.log('\n== summary (bench/results/*.json)');
for (const name of selected) {
  const file = path.join(HERE, 'results', `${name}.json`);
  if (!existsSync(file)) continue;
  const data = JSON.parse(readFileSync(file, 'utf8')) as { summary?: Summary };
  console.log(`${name.padEnd(16)} ${JSON.stringify(data.summary ?? data).slice(0, 300)}`);
}
if (failed.length > 0) {
  console.error(`\nbenchmarks that failed or did not run: ${failed.join(', ')}`);
  process.exit(1);
}
