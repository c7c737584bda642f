import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../contracts/messages';
import { makeProduct } from '../db/testing/documents';
import { createAppBridge } from './app-bridge';
import { WRONG_RESPONSE_FORMAT } from './bridge-error';
import { createCatalogPageExchange } from './catalog-page-exchange';
import { runCatalogPageJob, type CatalogPageJob } from './catalog-page-job';
import { fetchCatalogPage } from './catalog-pull';
import type { FetchLike } from './http-call';
import { createMemoryTokenStore } from './token-store';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const routes = new Map<string, Handler>();
const seen: { url: string; authorization: string | undefined }[] = [];
let server: Server;
let origin: string;

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    const handler = routes.get(`${req.method} ${req.url}`);
    if (handler) handler(req, res);
    else json(res, 404, { code: 404, errors: [{ description: M.routeNotFound }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  routes.clear();
  seen.length = 0;
});

/** The fetch of the worker's own scope: the page's origin, the worker's own network stack. */
const workerFetch: FetchLike = (input, init) => fetch(new URL(input, origin), init);

/**
 * A stand-in for the module worker with the worker's own code (runCatalogPageJob) and the browser's message
 * semantics: every message crosses as a structured clone, and answers arrive in later tasks.
 */
class FakeWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  posted: unknown[] = [];
  constructor(private readonly broken = false) {}
  postMessage(message: unknown): void {
    const copy = structuredClone(message);
    this.posted.push(copy);
    if (this.broken) return;
    void runCatalogPageJob(workerFetch, copy, origin).then((reply) => {
      if (!this.terminated) setTimeout(() => this.onmessage?.({ data: structuredClone(reply) } as MessageEvent), 0);
    });
  }
  /** As when the worker's script cannot load: the pulls sent so far never get an answer from it. */
  fail(): void {
    this.onerror?.({ preventDefault: () => undefined } as ErrorEvent);
  }
  terminate(): void {
    this.terminated = true;
  }
}

function wireProduct(sku: string): Record<string, unknown> {
  const { barcode: _, ...doc } = makeProduct({ sku, name_en: `Product ${sku}`, new: false, sale: false });
  return { ...doc, _deleted: false };
}

function clientWith(accessToken: string, options: { refreshTo?: string } = {}) {
  const tokens = createMemoryTokenStore({ accessToken, refreshToken: 'r-old', expiresAt: Date.now() + 60_000 });
  let cookie = '';
  const cookies = { get: () => cookie, set: (value: string) => void (cookie = value.split(';')[0] ?? '') };
  if (options.refreshTo) {
    routes.set('POST /api/client/user/refresh', (_req, res) =>
      json(res, 200, { code: 200, result: options.refreshTo, meta: { refreshToken: 'r-new', expiresIn: 900 } }),
    );
  }
  const app = createAppBridge({ fetch: (input, init) => fetch(input, init), baseUrl: origin, tokens, cookies, now: () => 1_000 });
  return { client: app.client, events: app.events };
}

const PAGE_PATH = '/api/sync/v1/products?after=0&limit=2';

describe('catalogue pulls through the page worker', () => {
  it('brings back the same checked page as a pull on the main thread, with the bearer token in a header', async () => {
    routes.set(`GET ${PAGE_PATH}`, (_req, res) =>
      json(res, 200, {
        code: 200,
        result: { documents: [wireProduct('A'), { sku: 'GONE', _deleted: true }], checkpoint: { seq: 12 } },
        meta: { remaining: 5 },
      }),
    );
    const worker = new FakeWorker();
    const pages = createCatalogPageExchange(() => worker as unknown as Worker);
    const { client } = clientWith('acc-1');
    const viaWorker = await fetchCatalogPage(client, 'products', 0, 2, 0, pages);
    const here = await fetchCatalogPage(
      client,
      'products',
      0,
      2,
      0,
      createCatalogPageExchange(() => null),
    );
    expect(viaWorker).toEqual(here);
    expect(viaWorker.upserts.map((d) => [d.sku, d.barcode])).toEqual([['A', '']]);
    expect(viaWorker.removals).toEqual(['GONE']);
    expect(worker.posted).toHaveLength(1);
    expect(seen.map((s) => [s.url, s.authorization])).toEqual([
      [PAGE_PATH, 'Bearer acc-1'],
      [PAGE_PATH, 'Bearer acc-1'],
    ]);
  });

  it('leaves a 401 to the client: one refresh, and the retry goes through the worker with the new token', async () => {
    routes.set(`GET ${PAGE_PATH}`, (req, res) =>
      req.headers.authorization === 'Bearer acc-new'
        ? json(res, 200, { code: 200, result: { documents: [wireProduct('A')], checkpoint: { seq: 3 } } })
        : json(res, 401, { code: 401, errors: [{ description: M.notAuthorized }] }),
    );
    const worker = new FakeWorker();
    const { client } = clientWith('acc-old', { refreshTo: 'acc-new' });
    const page = await fetchCatalogPage(
      client,
      'products',
      0,
      2,
      0,
      createCatalogPageExchange(() => worker as unknown as Worker),
    );
    expect(page.checkpoint).toBe(3);
    expect(worker.posted.map((job) => (job as CatalogPageJob).call.token)).toEqual(['acc-old', 'acc-new']);
    expect(seen.filter((s) => s.url === '/api/client/user/refresh')).toHaveLength(1);
  });

  it('reports a 426 as update-required and a page of the wrong shape as a format error, as on the main thread', async () => {
    const worker = new FakeWorker();
    const pages = createCatalogPageExchange(() => worker as unknown as Worker);
    const { client, events } = clientWith('acc-1');
    let updates = 0;
    events.on('update-required', () => (updates += 1));
    routes.set(`GET ${PAGE_PATH}`, (_req, res) => json(res, 426, { code: 426, errors: [{ description: M.technicalIssue }] }));
    await expect(fetchCatalogPage(client, 'products', 0, 2, 0, pages)).rejects.toMatchObject({ code: 426, kind: 'http' });
    expect(updates).toBe(1);
    routes.set(`GET ${PAGE_PATH}`, (_req, res) =>
      json(res, 200, { code: 200, result: { documents: [{ ...wireProduct('A'), price: -1 }], checkpoint: { seq: 1 } } }),
    );
    await expect(fetchCatalogPage(client, 'products', 0, 2, 0, pages)).rejects.toMatchObject({
      name: 'BridgeError',
      description: WRONG_RESPONSE_FORMAT,
      kind: 'format',
    });
    expect(worker.posted).toHaveLength(2);
  });

  it('reports an unreachable bridge as a network error', async () => {
    // The worker's fetch to a closed port: no answer at all.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const answer = await runCatalogPageJob(
      (input, init) => fetch(`http://127.0.0.1:${port}${input}`, init),
      { id: 7, collection: 'products', baseUrl: '', call: { method: 'GET', path: PAGE_PATH, token: 'acc-1' } },
      origin,
    );
    expect(answer).toEqual({ id: 7, outcome: { error: { code: 0, description: M.checkNetwork, kind: 'network' } } });
  });

  it('ends a worker that has had nothing to do for a while; the next pull starts a new one', async () => {
    routes.set(`GET ${PAGE_PATH}`, (_req, res) =>
      json(res, 200, { code: 200, result: { documents: [wireProduct('A')], checkpoint: { seq: 4 } } }),
    );
    const workers: FakeWorker[] = [];
    const pages = createCatalogPageExchange(
      () => {
        const worker = new FakeWorker();
        workers.push(worker);
        return worker as unknown as Worker;
      },
      { idleMs: 20 },
    );
    const { client } = clientWith('acc-1');
    await Promise.all([fetchCatalogPage(client, 'products', 0, 2, 0, pages), fetchCatalogPage(client, 'products', 0, 2, 0, pages)]);
    expect(workers).toHaveLength(1);
    expect(workers[0]?.terminated).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(workers[0]?.terminated).toBe(true);
    expect((await fetchCatalogPage(client, 'products', 0, 2, 0, pages)).checkpoint).toBe(4);
    expect(workers).toHaveLength(2);
    expect(workers[1]?.posted).toHaveLength(1);
    pages.close();
  });

  it('makes the pulls on the main thread when the worker cannot start, those already sent included', async () => {
    routes.set(`GET ${PAGE_PATH}`, (_req, res) =>
      json(res, 200, { code: 200, result: { documents: [wireProduct('A')], checkpoint: { seq: 4 } } }),
    );
    const broken = new FakeWorker(true);
    let started = 0;
    const pages = createCatalogPageExchange(() => {
      started += 1;
      return broken as unknown as Worker;
    });
    const { client } = clientWith('acc-1');
    const sent = fetchCatalogPage(client, 'products', 0, 2, 0, pages);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toHaveLength(0);
    broken.fail();
    expect((await sent).checkpoint).toBe(4);
    expect(broken.terminated).toBe(true);
    expect((await fetchCatalogPage(client, 'products', 0, 2, 0, pages)).checkpoint).toBe(4);
    expect(broken.posted).toHaveLength(1);
    expect(started).toBe(1);
    expect(seen).toHaveLength(2);
  });

  it('answers only catalogue pulls: any other call, or a malformed message, is refused without a request', async () => {
    const refused = [
      { id: 1, collection: 'products', baseUrl: '', call: { method: 'GET', path: '/api/bridge/user/me', token: 't' } },
      { id: 2, collection: 'products', baseUrl: '', call: { method: 'POST', path: PAGE_PATH, token: 't' } },
      { id: 3, collection: 'orders', baseUrl: '', call: { method: 'GET', path: PAGE_PATH, token: 't' } },
      { id: 4, collection: 'products', baseUrl: '', call: { method: 'GET', path: `${PAGE_PATH}\u0000`, token: 't' } },
      { id: 5, collection: 'suppliers', baseUrl: '', call: { method: 'GET', path: PAGE_PATH, token: 't' } },
      {
        id: 6,
        collection: 'products',
        baseUrl: '',
        call: { method: 'GET', path: '/api/sync/v1/products?after=0&limit=2&x=https://evil.example', token: 't' },
      },
      // The token only ever goes to the worker's own origin.
      { id: 7, collection: 'products', baseUrl: 'https://evil.example', call: { method: 'GET', path: PAGE_PATH, token: 't' } },
      { id: 8, collection: 'products', baseUrl: `${origin}.evil.example`, call: { method: 'GET', path: PAGE_PATH, token: 't' } },
      { id: 9, collection: 'products', baseUrl: `${origin}/`, call: { method: 'GET', path: PAGE_PATH, token: 't' } },
      'not a job',
    ];
    let requests = 0;
    const countingFetch: FetchLike = (input, init) => {
      requests += 1;
      return workerFetch(input, init);
    };
    const replies = await Promise.all(refused.map((message) => runCatalogPageJob(countingFetch, message, origin)));
    expect(replies).toEqual([
      { id: 1, failure: 'not a catalogue pull' },
      { id: 2, failure: 'not a catalogue pull' },
      { id: 3, failure: 'not a catalogue pull' },
      { id: 4, failure: 'not a catalogue pull' },
      { id: 5, failure: 'not a catalogue pull' },
      { id: 6, failure: 'not a catalogue pull' },
      { id: 7, failure: 'not a catalogue pull' },
      { id: 8, failure: 'not a catalogue pull' },
      { id: 9, failure: 'not a catalogue pull' },
      { id: -1, failure: 'not a catalogue pull' },
    ]);
    expect(requests).toBe(0);

    // Its own origin, written out, is the same as a relative base URL: the pull is made.
    const own = await runCatalogPageJob(
      countingFetch,
      { id: 10, collection: 'products', baseUrl: origin, call: { method: 'GET', path: PAGE_PATH, token: 'acc-1' } },
      origin,
    );
    expect(own).toMatchObject({ id: 10, outcome: {} });
    expect(requests).toBe(1);
  });
});
