/**
 * `npm run bench`: runs the benchmarks one after another (each in its own process, so one benchmark's heap
 * and PGlite instance do not skew the next), then prints the checks each wrote in THIS run.
 * `BENCH_ONLY=local-search,bridge-search` runs a subset; `BENCH_PRODUCTS=20000,100000` sets the catalogue
 * sizes of the benchmarks that take one (first-sync, local-search, listing-render).
 *
 * Honest by construction (docs/decisions/028-honest-benchmarks.md): the selected benchmarks' result files
 * are deleted before they run, every benchmark gets this run's id (BENCH_RUN_ID) and a file carrying
 * another id is never printed; a missed target, an empty sample, a crash or a missing result prints a
 * "MISSED: …" line and makes this script exit 1. Benchmarks are never part of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clearResults, currentRunId, readResult, summaryLines } from './support/results';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** One benchmark a line (bench/<name>.ts), so adding one is a one-line change. */
// prettier-ignore
const ALL = [
  'first-sync',
  'listing-render',
  'local-search',
  'bridge-search',
  'live-update',
  'cart',
  'cart-browser',
  'orders',
  'memory',
  'load',
  'bundle',
  'lighthouse',
];

const only = process.env.BENCH_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = (only ?? []).filter((name) => !ALL.includes(name));
if (unknown.length > 0) {
  console.error(`MISSED: unknown benchmark(s) ${unknown.join(', ')}; known: ${ALL.join(', ')}`);
  process.exit(1);
}
const selected = ALL.filter((name) => !only || only.includes(name));
const runId = currentRunId();
clearResults(selected);
const missed: string[] = [];
const started = Date.now();

for (const name of selected) {
  const script = path.join(HERE, `${name}.ts`);
  if (!existsSync(script)) {
    missed.push(`${name}: no benchmark script (bench/${name}.ts)`);
    continue;
  }
  console.log(`\n== ${name} (load average ${loadavg()[0]?.toFixed(2)})`);
  const benchStarted = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit', env: { ...process.env, BENCH_RUN_ID: runId } });
  console.log(`== ${name} took ${Math.round((Date.now() - benchStarted) / 1000)} s, exit ${run.status ?? run.signal}`);
  if (run.status !== 0) missed.push(`${name} exited with ${run.status ?? run.signal}`);
}

console.log(`\n== summary of run ${runId} (${Math.round((Date.now() - started) / 1000)} s, load average now ${loadavg().join(' ')})`);
for (const name of selected) {
  const read = readResult(name, runId);
  if ('missing' in read) {
    missed.push(read.missing);
    continue;
  }
  for (const line of summaryLines(read.result)) {
    console.log(line);
    if (line.startsWith('MISSED')) missed.push(line.slice('MISSED: '.length));
  }
}
if (missed.length > 0) {
  console.error('');
  for (const line of [...new Set(missed)]) console.error(`MISSED: ${line}`);
  process.exit(1);
}
console.log('every target met');
