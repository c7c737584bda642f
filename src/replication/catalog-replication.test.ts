import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppDatabase, type AppDatabase } from '../db/database';
import { readCatalogCheckpoint } from '../db/queries/catalog-checkpoint';
import { makeProduct } from '../db/testing/documents';
import { writeLogName } from '../db/storage/mapped-storage';
import { WriteLog } from '../db/storage/write-log';
import { streamName } from '../db/storage/document-columns';
import { fakeAppStorage } from '../db/testing/fake-storage';
import { createBridgeClient } from './bridge-client';
import { createBridgeEvents } from './bridge-events';
import type { PulledPage } from './catalog-pull';
import {
  catalogReplicationIdentifier,
  startCatalogReplication,
  type CatalogReplication,
  type CatalogReplicationOptions,
} from './catalog-replication';
import type { LiveEvent } from './live-events';
import { retryDelay } from './retry-delay';
import { createMemoryTokenStore } from './token-store';

const BRIDGE = 'http://bridge.test';
const opened: { db: AppDatabase; replication?: CatalogReplication }[] = [];

afterEach(async () => {
  for (const { db, replication } of opened.splice(0)) {
    await replication?.stop();
    await db.close();
  }
});

type Entry = { seq: number; sku: string; price: number | null };

/** An in-memory product feed (other collections are empty); `failOnce` makes the pull after that seq answer 503 once. */
function fakeBridge() {
  const entries: Entry[] = [];
  let seq = 0;
  const asked: number[] = [];
  const askedAt: number[] = [];
  const failOnce = new Set<number>();
  const failing = { times: 0 };
  const put = (sku: string, price: number | null): void => {
    const existing = entries.findIndex((e) => e.sku === sku);
    if (existing >= 0) entries.splice(existing, 1);
    entries.push({ seq: ++seq, sku, price });
  };
  const wire = (e: Entry) => {
    if (e.price === null) return { sku: e.sku, _deleted: true };
    const { barcode: _, ...doc } = makeProduct({
      sku: e.sku,
      price: e.price,
      final_price: e.price,
      name_en: e.sku,
      new: false,
      sale: false,
    });
    return { ...doc, _deleted: false };
  };
  const fetch = async (input: string): Promise<Response> => {
    const url = new URL(input, BRIDGE);
    const collection = url.pathname.split('/').pop();
    const after = Number(url.searchParams.get('after'));
    const limit = Number(url.searchParams.get('limit'));
    const respond = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (collection !== 'products')
      return respond(200, { code: 200, result: { documents: [], checkpoint: { seq: after } }, meta: { remaining: 0 } });
    asked.push(after);
    askedAt.push(performance.now());
    if (failing.times > 0) {
      failing.times -= 1;
      return respond(503, { code: 503, result: null, errors: [{ description: 'busy' }] });
    }
    if (failOnce.delete(after)) return respond(503, { code: 503, result: null, errors: [{ description: 'busy' }] });
    const above = entries.filter((e) => e.seq > after);
    const page = above.slice(0, limit);
    return respond(200, {
      code: 200,
      result: { documents: page.map(wire), checkpoint: { seq: page.at(-1)?.seq ?? after } },
      meta: { remaining: above.length - page.length },
    });
  };
  const client = createBridgeClient({
    fetch,
    baseUrl: BRIDGE,
    tokens: createMemoryTokenStore({ accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 60_000 }),
    events: createBridgeEvents(),
  });
  return { put, asked, askedAt, failOnce, failing, client, head: () => seq };
}

async function start(bridge: ReturnType<typeof fakeBridge>, options: Partial<CatalogReplicationOptions> = {}, factory = new IDBFactory()) {
  const db = await createAppDatabase({
    name: 'catalog-replication',
    storage: fakeAppStorage(factory),
    devMode: true,
    multiInstance: false,
  });
  const pages: PulledPage[] = [];
  const caughtUp: string[] = [];
  const errors: unknown[] = [];
  const retryDelays: number[] = [];
  const replication = startCatalogReplication({
    db,
    client: bridge.client,
    bridgeId: BRIDGE,
    batchSize: 10,
    retryTime: 20,
    onPage: (page) => pages.push(page),
    onCaughtUp: (c) => caughtUp.push(c),
    onError: (_c, error, retryInMs) => {
      errors.push(error);
      retryDelays.push(retryInMs);
    },
    ...options,
  });
  const entry: { db: AppDatabase; replication?: CatalogReplication } = { db, replication };
  opened.push(entry);
  return { db, replication, pages, caughtUp, errors, retryDelays, entry };
}

async function prices(db: AppDatabase): Promise<Record<string, number>> {
  const docs = await db.products.find().exec();
  return Object.fromEntries(docs.map((d) => [d.sku, d.price]));
}

describe('catalogue replication', () => {
  it('stores the whole feed, writing pages that arrived meanwhile together, then records the checkpoint', async () => {
    const bridge = fakeBridge();
    for (let i = 0; i < 95; i += 1) bridge.put(`P-${String(i).padStart(3, '0')}`, 100 + i);
    bridge.put('P-000', null);
    const client = await start(bridge);
    let writes = 0;
    client.db.products.eventBulks$.subscribe(() => (writes += 1));

    await client.replication.awaitInSync();

    const stored = await prices(client.db);
    expect(Object.keys(stored)).toHaveLength(94);
    expect(stored['P-000']).toBeUndefined();
    expect(stored['P-094']).toBe(194);
    // 95 feed entries (P-000 was re-stamped as removed) in pages of 10; the bridge answers faster than IndexedDB writes, so pages share writes.
    expect(client.pages.map((p) => p.documents)).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10, 5]);
    expect(writes).toBeGreaterThan(0);
    expect(writes).toBeLessThan(10);
    expect(client.caughtUp).toContain('products');
    expect(await readCatalogCheckpoint(client.db, 'products', catalogReplicationIdentifier('products', BRIDGE))).toBe(bridge.head());
  });

  it('retries a failed page after retryTime, from where it got, without downloading stored pages again', async () => {
    const bridge = fakeBridge();
    for (let i = 0; i < 30; i += 1) bridge.put(`P-${i}`, 100);
    bridge.failOnce.add(20);
    const client = await start(bridge);

    await client.replication.awaitInSync();

    expect(client.errors).toHaveLength(1);
    expect(bridge.asked).toEqual([0, 10, 20, 20]);
    expect(Object.keys(await prices(client.db))).toHaveLength(30);
  });

  it('waits twice as long after each failure in a row, up to maxRetryTime', async () => {
    expect([1, 2, 3, 4, 5, 40].map((n) => retryDelay(n, 5_000, 300_000))).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 300_000]);

    const bridge = fakeBridge();
    for (let i = 0; i < 5; i += 1) bridge.put(`P-${i}`, 100);
    bridge.failing.times = 4;
    const client = await start(bridge, { retryTime: 15, maxRetryTime: 60 });

    await client.replication.awaitInSync();

    expect(client.errors).toHaveLength(4);
    expect(client.retryDelays).toEqual([15, 30, 60, 60]);
    expect(bridge.asked).toEqual([0, 0, 0, 0, 0]);
    const gaps = bridge.askedAt.slice(1).map((at, i) => at - (bridge.askedAt[i] ?? 0));
    // Timers never fire early: each gap is at least its delay (15, 30, 60, then capped at 60).
    [15, 30, 60, 60].forEach((delay, i) => expect(gaps[i]).toBeGreaterThanOrEqual(delay - 1));
    expect(Object.keys(await prices(client.db))).toHaveLength(5);
  });

  it('a stored page in between starts the doubling again', async () => {
    const bridge = fakeBridge();
    for (let i = 0; i < 30; i += 1) bridge.put(`P-${i}`, 100);
    bridge.failOnce.add(10);
    bridge.failOnce.add(20);
    const client = await start(bridge, { retryTime: 15, maxRetryTime: 60, readAhead: 1 });

    await client.replication.awaitInSync();

    expect(bridge.asked).toEqual([0, 10, 10, 20, 20]);
    expect(client.retryDelays).toEqual([15, 15]);
    expect(Object.keys(await prices(client.db))).toHaveLength(30);
  });

  it('a live change pulls only what changed since the checkpoint, and a restart resumes from it', async () => {
    const bridge = fakeBridge();
    for (let i = 0; i < 15; i += 1) bridge.put(`P-${i}`, 100);
    const factory = new IDBFactory();
    const live$ = new Subject<LiveEvent>();
    const client = await start(bridge, { live$ }, factory);
    await client.replication.awaitInSync();
    const head = bridge.head();

    bridge.put('P-3', 333);
    bridge.put('P-4', null);
    live$.next({ type: 'change', collections: ['products'] });
    // Unrelated collections do not make products pull.
    live$.next({ type: 'change', collections: ['suppliers'] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await client.replication.awaitInSync();

    expect(bridge.asked.slice(-1)).toEqual([head]);
    const stored = await prices(client.db);
    expect(stored['P-3']).toBe(333);
    expect(stored['P-4']).toBeUndefined();

    await client.replication.stop();
    await client.db.close();
    opened.splice(0);
    bridge.asked.length = 0;
    const again = await start(bridge, {}, factory);
    await again.replication.awaitInSync();
    expect(bridge.asked).toEqual([bridge.head()]);
    expect(again.pages).toEqual([]);
  });

  it('a pull that brings nothing new adds nothing to the log (no checkpoint record per start or reconnect)', async () => {
    const bridge = fakeBridge();
    for (let i = 0; i < 15; i += 1) bridge.put(`P-${i}`, 100);
    const factory = new IDBFactory();
    const client = await start(bridge, {}, factory);
    await client.replication.awaitInSync();
    const log = new WriteLog(writeLogName('catalog-replication'), { indexedDB: factory, IDBKeyRange });
    const records = async () => (await log.read(streamName('products', 0), 0)).length;
    const before = await records();
    expect(before).toBeGreaterThan(0);

    for (let i = 0; i < 3; i += 1) {
      client.replication.reSync(['products']);
      await new Promise((resolve) => setTimeout(resolve, 0));
      await client.replication.awaitInSync();
    }
    expect(bridge.asked.slice(-3)).toEqual([bridge.head(), bridge.head(), bridge.head()]);
    expect(await records()).toBe(before);

    // Something new: stored, and its checkpoint with it.
    bridge.put('P-1', 111);
    client.replication.reSync(['products']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await client.replication.awaitInSync();
    expect(await records()).toBeGreaterThan(before);
    expect(await readCatalogCheckpoint(client.db, 'products', catalogReplicationIdentifier('products', BRIDGE))).toBe(bridge.head());
    log.close();
  });

  it('reSync() and a returning connection pull at once instead of waiting for retryTime', async () => {
    const bridge = fakeBridge();
    bridge.put('P-1', 100);
    bridge.failOnce.add(0);
    const online$ = new Subject<void>();
    const client = await start(bridge, { retryTime: 60_000, online$ });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.errors).toHaveLength(1);

    online$.next();
    await client.replication.awaitInSync();
    expect(await prices(client.db)).toEqual({ 'P-1': 100 });

    bridge.put('P-2', 200);
    client.replication.reSync(['products']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await client.replication.awaitInSync();
    expect(await prices(client.db)).toEqual({ 'P-1': 100, 'P-2': 200 });
  });

  it('stop() waits for the write under way and nothing is written afterwards', async () => {
    const bridge = fakeBridge();
    for (let i = 0; i < 200; i += 1) bridge.put(`P-${i}`, 100);
    const client = await start(bridge);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await client.replication.stop();
    client.entry.replication = undefined;
    const storedAtStop = Object.keys(await prices(client.db)).length;
    const checkpoint = await readCatalogCheckpoint(client.db, 'products', catalogReplicationIdentifier('products', BRIDGE));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(Object.keys(await prices(client.db)).length).toBe(storedAtStop);
    expect(storedAtStop).toBeLessThan(200);
    // The checkpoint never runs ahead of what is stored.
    expect(checkpoint).toBeLessThanOrEqual(storedAtStop);
  });
});
