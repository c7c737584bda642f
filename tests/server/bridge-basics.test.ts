import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../src/contracts/envelope';
import { M } from '../../src/contracts/messages';
import { healthResponseSchema } from '../../server/routes/health';
import { createTestApp, json, type TestApp } from './helpers/test-app';
import { testDbKind } from './helpers/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('answers ok and names the database the suite runs on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = healthResponseSchema.parse(json(res));
    expect(body.result).toEqual({ status: 'ok', database: testDbKind() });
  });
});

describe('bad input never becomes a 5xx', () => {
  const login = '/api/client/user/login';

  it('unknown /api route is a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does/not/exist' });
    expect(res.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(json(res))).toMatchObject({ code: 404, errors: [{ description: M.routeNotFound }] });
  });

  it('malformed JSON is a 400 saying so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: login,
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a@b.gr",',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 400, errors: [{ description: M.badJson }] });
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('empty JSON body is a 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: login, headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors?.[0]?.description).toBe(M.badJson);
  });

  it('wrong content type is a 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: login,
      headers: { 'content-type': 'text/plain' },
      payload: 'username=a&password=b',
    });
    expect(res.statusCode).toBe(415);
    expect(json(res)).toMatchObject({ code: 415, errors: [{ description: M.badContentType }] });
  });

  it('form-encoded body is a 415 too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: login,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    });
    expect(res.statusCode).toBe(415);
  });

  it('a JSON array or string instead of an object is a 400', async () => {
    for (const payload of ['[]', '"hello"', 'null']) {
      const res = await t.app.inject({ method: 'POST', url: login, headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(json(res).errors?.[0]?.description).toBe(M.invalidRequest);
    }
  });

  it('missing fields are a 400 listing every field with its path', async () => {
    const res = await t.app.inject({ method: 'POST', url: login, payload: {} });
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(body.errors?.[0]?.description).toBe(M.required);
    const fields = (body.meta?.fields ?? []) as { path: string; message: string }[];
    expect(fields.map((f) => f.path).sort()).toEqual(['password', 'username']);
  });

  it('wrong types are a 400 with a field message', async () => {
    const res = await t.app.inject({ method: 'POST', url: login, payload: { username: 42, password: ['x'] } });
    expect(res.statusCode).toBe(400);
    const fields = (json(res).meta?.fields ?? []) as { path: string; message: string }[];
    expect(fields.map((f) => f.path).sort()).toEqual(['password', 'username']);
    expect(Object.values(M)).toContain(json(res).errors?.[0]?.description);
  });

  it('an oversized body is a 413', async () => {
    const big = JSON.stringify({ username: 'a@b.gr', password: 'x'.repeat(1_100_000) });
    const res = await t.app.inject({ method: 'POST', url: login, headers: { 'content-type': 'application/json' }, payload: big });
    expect(res.statusCode).toBe(413);
    expect(json(res)).toMatchObject({ code: 413, errors: [{ description: M.bodyTooLarge }] });
  });

  it('an internal failure is a 500 without details', async () => {
    const broken = await createTestApp();
    await broken.db.exec('drop table customers cascade');
    const res = await broken.app.inject({ method: 'POST', url: login, payload: { username: 'x@y.gr', password: 'whatever' } });
    await broken.close();
    expect(res.statusCode).toBe(500);
    expect(json(res)).toEqual({ code: 500, result: null, errors: [{ description: M.technicalIssue }] });
  });
});

describe('media', () => {
  it('serves generated product pictures outside /api', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/product/SKU-1/gallery.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
  });
});

describe('storefront files', () => {
  it('without a build, non-API pages answer 503 telling to run the build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/c/olive-oil' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('npm run build');
  });

  describe('with a build', () => {
    let withDist: TestApp;
    let dist: string;
    beforeAll(async () => {
      dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
      mkdirSync(path.join(dist, 'assets'));
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
      writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
      writeFileSync(path.join(dist, 'assets', 'index-AbC123xy.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
      withDist = await createTestApp({ distDir: dist });
    });
    afterAll(async () => {
      await withDist.close();
      rmSync(dist, { recursive: true, force: true });
    });

    it('client routes fall back to index.html, not cached', async () => {
      const res = await withDist.app.inject({ method: 'GET', url: '/my-account/orders?page=2' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('the home page itself is the storefront, not a directory listing refusal', async () => {
      for (const url of ['/', '/?utm=1']) {
        const res = await withDist.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<div id="root">');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
    });

    it('sw.js is not cached, hashed assets are cached for a year', async () => {
      const sw = await withDist.app.inject({ method: 'GET', url: '/sw.js' });
      expect(sw.statusCode).toBe(200);
      expect(sw.headers['cache-control']).toBe('no-cache');
      const asset = await withDist.app.inject({ method: 'GET', url: '/assets/index-AbC123xy.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('max-age=31536000');
    });

    it('a missing asset is a 404, not the page', async () => {
      const res = await withDist.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
      expect(res.statusCode).toBe(404);
    });

    it('compresses large responses for clients that accept gzip', async () => {
      const res = await withDist.app.inject({ method: 'GET', url: '/assets/index-AbC123xy.js', headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString()).toContain('xxxxx');
    });

    it('unknown /api routes still answer the JSON envelope', async () => {
      const res = await withDist.app.inject({ method: 'GET', url: '/api/nope' });
      expect(res.statusCode).toBe(404);
      expect(json(res).errors?.[0]?.description).toBe(M.routeNotFound);
    });
  });
});
