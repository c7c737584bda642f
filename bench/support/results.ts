/**
 * The result record every benchmark writes (bench/results/<bench>.json) and the rules that keep it honest
 * (docs/decisions/028-honest-benchmarks.md):
 * - every target is a check of one figure against its own bound, cold and warm apart (a median over a cold
 *   and two warm runs hides the cold one);
 * - a check with no sample, or a figure that is not a number, is missed, never "met";
 * - a record carries the id of the run that wrote it (BENCH_RUN_ID, set by bench/run.ts): a file left by an
 *   earlier run, or by a run that crashed before writing, is never read as this run's result;
 * - `finish()` prints one "MISSED: …" line per missed check and makes the process exit non-zero.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');

/** cold: the first time (fresh browser context, first run of a page, JIT and caches empty); warm: the runs after it. */
export type Phase = 'cold' | 'warm' | 'all';

export interface CheckInput {
  /** What is measured, e.g. "first sync ÷ raw IndexedDB write" or "search p95". */
  name: string;
  phase: Phase;
  /** Catalogue size the figure was measured at, when it matters. */
  products?: number;
  /** The figure; it must be at most `target`. */
  value: number;
  target: number;
  unit: string;
  /** How many measurements the figure comes from; 0 makes the check missed. */
  samples: number;
}

export interface Check extends CheckInput {
  met: boolean;
}

export interface BenchResult {
  bench: string;
  runId: string;
  when: string;
  /** 1, 5 and 15 minute load averages when the record was written, and the machine's cores: timings are noisy. */
  loadAverage: number[];
  cpus: number;
  checks: Check[];
  /** The figures behind the checks and anything else the benchmark reports (cold and warm detail, counts). */
  figures: Record<string, unknown>;
  met: boolean;
}

/** This run's id: the one bench/run.ts hands down, or a fresh one when a benchmark runs on its own. */
export function currentRunId(env: NodeJS.ProcessEnv = process.env): string {
  env.BENCH_RUN_ID ??= `${new Date().toISOString()}-${randomUUID().slice(0, 8)}`;
  return env.BENCH_RUN_ID;
}

export function isMet(check: CheckInput): boolean {
  return check.samples > 0 && Number.isFinite(check.value) && check.value <= check.target;
}

export function describeCheck(check: Check): string {
  const size = check.products === undefined ? '' : ` at ${check.products.toLocaleString('en-US')} products`;
  return `${check.name} (${check.phase})${size}: ${check.value} ${check.unit} against ≤ ${check.target} ${check.unit}, ${check.samples} samples`;
}

export class BenchRecord {
  readonly checks: Check[] = [];
  readonly figures: Record<string, unknown> = {};

  constructor(
    readonly bench: string,
    private readonly dir = RESULTS_DIR,
    private readonly runId = currentRunId(),
  ) {}

  check(input: CheckInput): Check {
    const check = { ...input, met: isMet(input) };
    this.checks.push(check);
    return check;
  }

  get met(): boolean {
    return this.checks.length > 0 && this.checks.every((c) => c.met);
  }

  toJSON(): BenchResult {
    return {
      bench: this.bench,
      runId: this.runId,
      when: new Date().toISOString(),
      loadAverage: loadavg().map((n) => Math.round(n * 100) / 100),
      cpus: cpus().length,
      checks: this.checks,
      figures: this.figures,
      met: this.met,
    };
  }

  /** Writes bench/results/<bench>.json for this run. */
  write(): string {
    mkdirSync(this.dir, { recursive: true });
    const file = path.join(this.dir, `${this.bench}.json`);
    writeFileSync(file, `${JSON.stringify(this.toJSON(), null, 2)}\n`);
    return file;
  }

  /**
   * Writes the record, prints every check and a "MISSED: …" line for each missed one, and sets a non-zero
   * exit code when any check is missed or none was made. Returns whether everything was met.
   */
  finish(log: (line: string) => void = console.log): boolean {
    const file = this.write();
    log(`${this.bench}: results in ${path.relative(process.cwd(), file)} (run ${this.runId}, load average ${loadavg()[0]?.toFixed(2)})`);
    for (const line of summaryLines(this.toJSON())) log(line);
    if (!this.met) process.exitCode = 1;
    return this.met;
  }
}

/** One line per check ("met: …" or "MISSED: …"); a record without checks is a "MISSED" line too. */
export function summaryLines(result: BenchResult): string[] {
  if (result.checks.length === 0) return [`MISSED: ${result.bench}: no target was checked`];
  return result.checks.map((c) => `${c.met ? 'met' : 'MISSED'}: ${result.bench}: ${describeCheck(c)}`);
}

/** Deletes the results of these benchmarks, so nothing of an earlier run can be printed as this run's. */
export function clearResults(benches: readonly string[], dir = RESULTS_DIR): void {
  for (const bench of benches) rmSync(path.join(dir, `${bench}.json`), { force: true });
}

/**
 * The record `bench` wrote in run `runId`, or why there is none: no file, a file of another run (stale) or
 * one that is not a result record.
 */
export function readResult(bench: string, runId: string, dir = RESULTS_DIR): { result: BenchResult } | { missing: string } {
  const file = path.join(dir, `${bench}.json`);
  if (!existsSync(file)) return { missing: `${bench} wrote no result` };
  let data: Partial<BenchResult>;
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as Partial<BenchResult>;
  } catch (error) {
    return { missing: `${bench}: ${file} is not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (data.runId !== runId) return { missing: `${bench}: ${file} is from another run (${data.runId ?? 'no run id'}), not this one` };
  if (!Array.isArray(data.checks)) return { missing: `${bench}: ${file} holds no checks` };
  // Recomputed here: the file's own "met" is not trusted.
  const checks = data.checks.map((c) => ({ ...c, met: isMet(c) }));
  return { result: { ...(data as BenchResult), checks, met: checks.length > 0 && checks.every((c) => c.met) } };
}

/** Runs a benchmark's main; a crash (an empty sample included) prints "MISSED: <bench> failed: …" and exits 1. */
export function runBench(bench: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    console.error(`MISSED: ${bench} failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
