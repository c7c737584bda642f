import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `npm run seed` reads the bridge's configuration (loadConfig), so it and `npm start` agree on every
 * variable: SEED_PRODUCTS=0 seeds nothing in both, and a bad value fails both the same way.
 */

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../../server/seed/cli.ts');
const dirs: string[] = [];

async function seedCli(env: Record<string, string>): Promise<{ code: number; out: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'seed-cli-'));
  dirs.push(dataDir);
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir };
  try {
    const { stdout, stderr } = await run('npx', ['tsx', CLI], { env: { ...base, ...env }, timeout: 60_000 });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm run seed', () => {
  it('seeds nothing with SEED_PRODUCTS=0 and creates no database', async () => {
    const { code, out } = await seedCli({ SEED_PRODUCTS: '0' });
    expect(out).toContain('SEED_PRODUCTS=0: nothing to seed.');
    expect(code).toBe(0);
    expect(readdirSync(dirs[0] ?? '')).not.toContain('pglite');
  });

  it('refuses a value the bridge refuses, with the bridge configuration message', async () => {
    const { code, out } = await seedCli({ SEED_PRODUCTS: 'many' });
    expect(code).not.toBe(0);
    expect(out).toContain('Invalid environment');
    expect(out).toContain('SEED_PRODUCTS');
  });
});
