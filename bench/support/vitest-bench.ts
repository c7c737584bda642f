/**
 * Runs a benchmark that lives in a Vitest file (the storefront's modules read `import.meta.env`), then
 * judges the record it wrote in this run: exit 1 with "MISSED: …" lines when Vitest failed, when no record
 * of this run exists, or when a check is missed (bench/support/results.ts).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentRunId, readResult, summaryLines } from './results';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function runVitestBench(bench: string, config: string): never {
  const runId = currentRunId();
  const run = spawnSync('npx', ['vitest', 'run', '--config', config], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, BENCH_RUN_ID: runId },
  });
  if (run.status !== 0) {
    console.error(`MISSED: ${bench} failed: vitest exited with ${run.status ?? run.signal}`);
    process.exit(1);
  }
  const read = readResult(bench, runId);
  if ('missing' in read) {
    console.error(`MISSED: ${read.missing}`);
    process.exit(1);
  }
  for (const line of summaryLines(read.result)) console.log(line);
  process.exit(read.result.met ? 0 : 1);
}
