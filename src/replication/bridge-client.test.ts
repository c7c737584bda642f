import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { customerSchema } from '../contracts/auth';
import { M } from '../contracts/messages';
import { createAppBridge } from './app-bridge';
import { fetchMe, login } from './auth-api';
import { WRONG_RESPONSE_FORMAT } from './bridge-error';
import type { CookieJar } from './logged-in-cookie';
import { hasLoggedInCookie } from './logged-in-cookie';
import { createMemoryTokenStore } from './token-store';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

const routes = new Map<string, Handler>();
const seen: Array<{ url: string; authorization: string | undefined }> = [];
let server: Server;
let baseUrl: string;

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const customer = {
  id: 'c1',
  email: 'maria@example.gr',
  firstname: 'Maria',
  lastname: 'Papadopoulou',
  isAdmin: false,
  show_prices_with_vat: false,
  group_id: 1,
  default_shipping: null,
  buyers: [{ id: 'b1', company: 'Alpha AE', afm: '094259216', isSuperUser: true }],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
      const handler = routes.get(`${req.method} ${req.url}`);
      if (handler) handler(req, body, res);
      else json(res, 404, { code: 404, errors: [{ description: M.routeNotFound }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function memoryCookies(): CookieJar & { value: string } {
  const jar = {
    value: '',
    get: () => jar.value,
    set: (cookie: string) => {
      jar.value = cookie.split(';')[0] ?? '';
    },
  };
  return jar;
}

function bridge(access: string | null = null) {
  const cookies = memoryCookies();
  const tokens = createMemoryTokenStore(access ? { accessToken: access, refreshToken: 'r-old', expiresAt: 0 } : null);
  const app = createAppBridge({ fetch: (input, init) => fetch(input, init), baseUrl, tokens, cookies, now: () => 1_000 });
  return { app, tokens, cookies };
}

describe('bridge client error mapping (real HTTP)', () => {
  it('turns a non-JSON answer into "bad content-type"', async () => {
    routes.set('GET /api/html', (_req, _body, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
    const { app } = bridge();
    await expect(app.client.request({ path: '/api/html', result: z.unknown() })).rejects.toMatchObject({
      kind: 'format',
      code: 502,
      description: M.badContentType,
    });
  });

  it('turns JSON of another shape into "wrong response format", for errors and for results', async () => {
    routes.set('GET /api/odd-error', (_req, _body, res) => json(res, 500, { message: 'boom' }));
    routes.set('GET /api/odd-result', (_req, _body, res) => json(res, 200, { code: 200, result: { unexpected: true } }));
    const { app } = bridge();
    await expect(app.client.request({ path: '/api/odd-error', result: z.unknown() })).rejects.toMatchObject({
      kind: 'format',
      description: WRONG_RESPONSE_FORMAT,
    });
    await expect(app.client.request({ path: '/api/odd-result', result: customerSchema })).rejects.toMatchObject({
      kind: 'format',
      description: WRONG_RESPONSE_FORMAT,
    });
  });

  it('reports an unreachable bridge as a network error asking to check the connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const app = createAppBridge({ fetch, baseUrl: `http://127.0.0.1:${port}`, tokens: createMemoryTokenStore(), cookies: memoryCookies() });
    await expect(app.client.request({ path: '/api/anything', result: z.unknown() })).rejects.toMatchObject({
      kind: 'network',
      code: 0,
      description: M.checkNetwork,
    });
  });

  it('carries the server description of a 4xx (wrong credentials on login)', async () => {
    routes.set('POST /api/client/user/login', (_req, body, res) => {
      const parsed = JSON.parse(body) as { password: string };
      if (parsed.password !== 'right-1!') return json(res, 401, { code: 401, errors: [{ description: M.wrongCredentials }] });
      return json(res, 200, {
        code: 200,
        result: 'acc-1',
        meta: { refreshToken: 'ref-1', expiresIn: 900, userData: { buyers: customer.buyers } },
      });
    });
    const { app } = bridge();
    await expect(login(app.client, 'maria@example.gr', 'wrong')).rejects.toMatchObject({
      kind: 'http',
      code: 401,
      description: M.wrongCredentials,
    });
    await expect(login(app.client, 'maria@example.gr', 'right-1!')).resolves.toMatchObject({
      accessToken: 'acc-1',
      meta: { refreshToken: 'ref-1', expiresIn: 900 },
    });
  });
});

describe('bridge client session handling (real HTTP)', () => {
  it('sends the token as a bearer header, refreshes once on 401 and retries with the rotated token', async () => {
    let refreshes = 0;
    routes.set('GET /api/bridge/user/me', (req, _body, res) => {
      if (req.headers.authorization !== 'Bearer acc-new') return json(res, 401, { code: 401, errors: [{ description: M.notAuthorized }] });
      return json(res, 200, { code: 200, result: customer });
    });
    routes.set('POST /api/client/user/refresh', (_req, body, res) => {
      refreshes += 1;
      expect(JSON.parse(body)).toEqual({ refreshToken: 'r-old' });
      json(res, 200, { code: 200, result: 'acc-new', meta: { refreshToken: 'r-new', expiresIn: 900 } });
    });
    const { app, tokens, cookies } = bridge('acc-old');
    seen.length = 0;
    const [a, b] = await Promise.all([fetchMe(app.client), fetchMe(app.client)]);
    expect(a.email).toBe('maria@example.gr');
    expect(b.id).toBe('c1');
    expect(refreshes).toBe(1);
    expect(tokens.read()).toEqual({ accessToken: 'acc-new', refreshToken: 'r-new', expiresAt: 1_000 + 900_000 });
    expect(hasLoggedInCookie(cookies)).toBe(true);
    expect(seen.every((call) => !call.url.includes('acc-'))).toBe(true);
    expect(seen.filter((call) => call.url === '/api/client/user/refresh').every((call) => call.authorization === undefined)).toBe(true);
  });

  it('emits session-lost once when the refresh token is refused', async () => {
    routes.set('GET /api/bridge/user/me', (_req, _body, res) => json(res, 401, { code: 401, errors: [{ description: M.notAuthorized }] }));
    routes.set('POST /api/client/user/refresh', (_req, _body, res) =>
      json(res, 401, { code: 401, errors: [{ description: M.notAuthorized }] }),
    );
    const { app } = bridge('acc-old');
    let lost = 0;
    app.events.on('session-lost', () => (lost += 1));
    const results = await Promise.allSettled([fetchMe(app.client), fetchMe(app.client)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(lost).toBe(1);
  });

  it('announces that an update is required on 426', async () => {
    routes.set('GET /api/sync/v0/products', (_req, _body, res) =>
      json(res, 426, { code: 426, errors: [{ description: M.technicalIssue }] }),
    );
    const { app } = bridge();
    let updates = 0;
    app.events.on('update-required', () => (updates += 1));
    await expect(app.client.request({ path: '/api/sync/v0/products', result: z.unknown() })).rejects.toMatchObject({ code: 426 });
    expect(updates).toBe(1);
  });
});
