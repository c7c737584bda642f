import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_TIMEOUTS } from '../../server/app';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Security headers on every kind of answer, source maps never published, and connection deadlines that
 * cut off a client who sends slowly. The storefront side of the CSP is tests/e2e/content-security-policy.spec.ts.
 */
const MAP_CONTENT = '{"version":3,"sources":["../../src/secret-original-source.ts"]}';
const MANIFEST_CONTENT = '{"src/secret-original-source.ts":{"file":"assets/app.js","isEntry":true}}';
let distDir: string;
let t: TestApp;
let https: TestApp;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'bridge-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>shop</title><script type="module" src="/assets/app.js"></script>');
  writeFileSync(path.join(distDir, 'assets', 'app.js'), 'console.log(1);\n');
  writeFileSync(path.join(distDir, 'assets', 'app.js.map'), MAP_CONTENT);
  writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(path.join(distDir, 'sw.js.map'), MAP_CONTENT);
  mkdirSync(path.join(distDir, '.vite'));
  writeFileSync(path.join(distDir, '.vite', 'manifest.json'), MANIFEST_CONTENT);
  t = await createTestApp({ distDir });
  https = await createTestApp({ distDir, env: { PUBLIC_URL: 'https://shop.example.gr' } });
});
afterAll(async () => {
  await t.close();
  await https.close();
  rmSync(distDir, { recursive: true, force: true });
});

const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

describe('security headers', () => {
  it.each([
    ['the storefront page', '/'],
    ['a client route', '/c/coffee'],
    ['a script', '/assets/app.js'],
    ['the service worker', '/sw.js'],
    ['an API answer', '/api/health'],
    ['an API error', '/api/nope'],
  ])('%s carries a strict CSP, nosniff, no referrer and no framing', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-security-policy']).toBe(STRICT_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS and upgrade-insecure-requests only when the public origin is https', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(res.headers['content-security-policy']).toBe(`${STRICT_CSP};upgrade-insecure-requests`);
  });
});

describe('source maps and the build manifest', () => {
  it.each([
    '/assets/app.js.map',
    '/sw.js.map',
    '/assets/app.js.MAP',
    '/assets/app.js%2Emap',
    '/assets/app.js%2emap?x=1',
    '/assets/../assets/app.js.map',
    '/.vite/manifest.json',
    '/.VITE/manifest.json',
    '/%2Evite/manifest.json',
  ])('%s is not served', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret-original-source');
  });

  it('while the script next to it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('console.log');
  });
});

describe('connection deadlines', () => {
  it('are set on the HTTP server (the body limit stays 1 MiB)', () => {
    const server = t.app.server;
    expect(server.headersTimeout).toBe(HTTP_TIMEOUTS.headersMs);
    expect(server.requestTimeout).toBe(HTTP_TIMEOUTS.requestMs);
    expect(server.keepAliveTimeout).toBe(HTTP_TIMEOUTS.keepAliveMs);
    expect(server.timeout).toBe(HTTP_TIMEOUTS.idleMs);
    expect(t.app.initialConfig.bodyLimit).toBe(1024 * 1024);
  });

  it('a client that never finishes its headers is answered 408 and disconnected', async () => {
    const slow = await createTestApp({ httpTimeouts: { headersMs: 300, requestMs: 600, checkEveryMs: 100 } });
    try {
      await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const address = slow.app.server.address();
      if (typeof address !== 'object' || address === null) throw new Error('not listening');
      const socket = connect(address.port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.write('GET /api/health HTTP/1.1\r\nHost: shop.test\r\nX-Slow: ');
      await new Promise<void>((resolve) => socket.once('close', () => resolve()));
      expect(received).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await slow.close();
    }
  });
});
