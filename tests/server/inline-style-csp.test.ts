import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * index.html styles its static first paint inline: the CSP allows exactly the texts of its <style>
 * elements, by hash, and follows a new build without a restart.
 */
const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const page = (...styles: string[]) =>
  `<!doctype html><title>shop</title>${styles.map((css, i) => `<style${i ? ` data-href="/assets/s${i}.css"` : ''}>${css}</style>`).join('')}`;
let distDir: string;
let t: TestApp;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'bridge-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), page('body{margin:0}', '.a{color:red}'));
  t = await createTestApp({ distDir });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

const styleSrc = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return (res.headers['content-security-policy'] as string).split(';').find((d) => d.startsWith('style-src'));
};

describe('inline styles of index.html', () => {
  it('are allowed by their hashes, on every answer, and nothing else inline is', async () => {
    const expected = `style-src 'self' ${sha('body{margin:0}')} ${sha('.a{color:red}')}`;
    expect(await styleSrc('/')).toBe(expected);
    expect(await styleSrc('/api/health')).toBe(expected);
    expect(await styleSrc('/')).not.toContain('unsafe-inline');
  });

  it('follow a new build of index.html', async () => {
    const file = path.join(distDir, 'index.html');
    writeFileSync(file, page('body{margin:1px}'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect(await styleSrc('/')).toBe(`style-src 'self' ${sha('body{margin:1px}')}`);
  });
});
