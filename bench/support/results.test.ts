import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BenchRecord, clearResults, currentRunId, readResult, summaryLines } from './results';
import { distribution, EmptySampleError, median, percentile, productCounts } from './stats';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'bench-results-'));
  process.exitCode = undefined;
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  process.exitCode = undefined;
});

const quiet = () => undefined;

describe('statistics', () => {
  it('throw on an empty sample instead of reporting 0', () => {
    expect(() => percentile([], 95, 'search')).toThrow(EmptySampleError);
    expect(() => percentile([], 95, 'search')).toThrow(/empty sample: search/);
    expect(() => median([])).toThrow(EmptySampleError);
    expect(() => distribution([])).toThrow(EmptySampleError);
  });

  it('refuse a sample holding something that is not a number', () => {
    expect(() => percentile([1, Number.NaN], 50)).toThrow(/not a finite number/);
  });

  it('take the nearest rank', () => {
    const values = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(percentile(values, 95)).toBe(19);
    expect(percentile(values, 100)).toBe(20);
    expect(percentile([7], 95)).toBe(7);
    expect(median([3, 1, 2, 10])).toBe(2.5);
    expect(distribution([5, 1, 3])).toEqual({ count: 3, min: 1, p50: 3, p95: 5, max: 5 });
  });

  it('read BENCH_PRODUCTS as a list of sizes', () => {
    expect(productCounts(undefined, [20_000])).toEqual([20_000]);
    expect(productCounts('20000, 100_000', [1])).toEqual([20_000, 100_000]);
    expect(() => productCounts('20k', [1])).toThrow(/BENCH_PRODUCTS/);
  });
});

describe('a result record', () => {
  it('fails with a MISSED line and a non-zero exit code when a target is missed', () => {
    const record = new BenchRecord('search', dir, 'run-1');
    record.check({ name: 'p95', phase: 'warm', value: 12, target: 15, unit: 'ms', samples: 300 });
    record.check({ name: 'p95', phase: 'cold', value: 31, target: 15, unit: 'ms', samples: 300 });
    const lines: string[] = [];
    expect(record.finish((l) => lines.push(l))).toBe(false);
    expect(process.exitCode).toBe(1);
    expect(lines.filter((l) => l.startsWith('MISSED: search: p95 (cold)'))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('met: search: p95 (warm)'))).toHaveLength(1);
  });

  it('passes only when every check is met', () => {
    const record = new BenchRecord('search', dir, 'run-1');
    record.check({ name: 'p95', phase: 'warm', value: 15, target: 15, unit: 'ms', samples: 3 });
    expect(record.finish(quiet)).toBe(true);
    expect(process.exitCode).toBeUndefined();
  });

  it('counts a check without samples, or without a number, as missed', () => {
    const record = new BenchRecord('search', dir, 'run-1');
    expect(record.check({ name: 'p95', phase: 'warm', value: 0, target: 15, unit: 'ms', samples: 0 }).met).toBe(false);
    expect(record.check({ name: 'p95', phase: 'cold', value: Number.NaN, target: 15, unit: 'ms', samples: 3 }).met).toBe(false);
    expect(record.finish(quiet)).toBe(false);
    expect(process.exitCode).toBe(1);
  });

  it('with no check at all is not met', () => {
    const record = new BenchRecord('nothing', dir, 'run-1');
    expect(record.finish(quiet)).toBe(false);
    expect(summaryLines(record.toJSON())).toEqual(['MISSED: nothing: no target was checked']);
  });
});

describe('reading results', () => {
  it('ignores a file left by another run', () => {
    const old = new BenchRecord('first-sync', dir, 'run-old');
    old.check({ name: 'ratio', phase: 'warm', value: 1.2, target: 1.5, unit: '×', samples: 3 });
    old.write();
    const read = readResult('first-sync', 'run-new', dir);
    expect(read).toEqual({ missing: expect.stringMatching(/from another run \(run-old\)/) });
    expect(readResult('first-sync', 'run-old', dir)).toMatchObject({ result: { runId: 'run-old', met: true } });
  });

  it('reports a benchmark that wrote nothing, and clearResults removes what an earlier run left', () => {
    new BenchRecord('first-sync', dir, 'run-old').write();
    clearResults(['first-sync'], dir);
    expect(readResult('first-sync', 'run-old', dir)).toEqual({ missing: 'first-sync wrote no result' });
  });

  it('recomputes "met" instead of trusting the file', () => {
    const record = new BenchRecord('cart', dir, 'run-1');
    record.check({ name: 'p95', phase: 'warm', value: 40, target: 16, unit: 'ms', samples: 200 });
    const file = record.write();
    const data = JSON.parse(readFileSync(file, 'utf8')) as { met: boolean; checks: { met: boolean }[] };
    writeFileSync(file, JSON.stringify({ ...data, met: true, checks: data.checks.map((c) => ({ ...c, met: true })) }));
    expect(readResult('cart', 'run-1', dir)).toMatchObject({ result: { met: false, checks: [{ met: false }] } });
  });

  it('hands every benchmark of one run the same id', () => {
    const env: NodeJS.ProcessEnv = {};
    const id = currentRunId(env);
    expect(currentRunId(env)).toBe(id);
    expect(currentRunId({ BENCH_RUN_ID: 'given' })).toBe('given');
  });
});
