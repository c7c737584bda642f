import { describe, expect, it } from 'vitest';
import { classifyCodeLoadFailure, failedModuleUrl, isModuleLoadError } from './code-load-failure';
import type { CodeLoadProbe } from './code-load-failure';

const CHUNK = 'http://127.0.0.1:8080/assets/faqs-page-B-8sGeFR.js';
const chromiumFailure = new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`);

function probe(online: boolean, answer: { status: number; contentType: string } | 'unreachable'): CodeLoadProbe & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    online: () => online,
    head(url) {
      asked.push(url);
      return answer === 'unreachable' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(answer);
    },
  };
}

describe('isModuleLoadError', () => {
  it("knows every engine's rejection of a failed import and Vite's failed preload", () => {
    expect(isModuleLoadError(chromiumFailure)).toBe(true);
    expect(isModuleLoadError(new TypeError('error loading dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isModuleLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isModuleLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isModuleLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isModuleLoadError(undefined)).toBe(false);
  });
});

describe('failedModuleUrl', () => {
  it('finds the address the browser names', () => {
    expect(failedModuleUrl(chromiumFailure)).toBe(CHUNK);
    expect(failedModuleUrl(new Error('Unable to preload CSS for /assets/a.css'))).toBe('/assets/a.css');
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeNull();
  });
});

describe('classifyCodeLoadFailure', () => {
  it('a chunk the server answers with 404 belongs to an older deployment', async () => {
    const server = probe(true, { status: 404, contentType: 'application/json' });
    await expect(classifyCodeLoadFailure(chromiumFailure, server)).resolves.toBe('new-version');
    expect(server.asked).toEqual([CHUNK]);
  });

  it("a chunk answered with the site's page instead of code belongs to an older deployment", async () => {
    await expect(
      classifyCodeLoadFailure(chromiumFailure, probe(true, { status: 200, contentType: 'text/html; charset=utf-8' })),
    ).resolves.toBe('new-version');
  });

  it('offline is not a new version, and the server is not asked', async () => {
    const server = probe(false, { status: 404, contentType: '' });
    await expect(classifyCodeLoadFailure(chromiumFailure, server)).resolves.toBe('offline');
    expect(server.asked).toEqual([]);
  });

  it('a server that cannot be reached is the connection, not a deployment', async () => {
    await expect(classifyCodeLoadFailure(chromiumFailure, probe(true, 'unreachable'))).resolves.toBe('offline');
  });

  it('a chunk the server still serves is an ordinary error', async () => {
    await expect(classifyCodeLoadFailure(chromiumFailure, probe(true, { status: 200, contentType: 'text/javascript' }))).resolves.toBe(
      'other',
    );
  });

  it('online without an address to ask about counts as a new version', async () => {
    await expect(classifyCodeLoadFailure(new TypeError('Importing a module script failed.'), probe(true, 'unreachable'))).resolves.toBe(
      'new-version',
    );
  });

  it('an error that is no failed load is an ordinary error', async () => {
    await expect(classifyCodeLoadFailure(new Error('boom'), probe(true, { status: 404, contentType: '' }))).resolves.toBe('other');
  });
});
