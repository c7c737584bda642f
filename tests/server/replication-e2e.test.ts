import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { seedIfEmpty } from '../../server/seed/seed';
import { feedHeads, readFeedPage } from '../../server/services/change-feed/feed-reader';
import { SYNC_COLLECTIONS, type SyncCollection } from '../../src/contracts/sync';
import { createAppDatabase, type AppDatabase } from '../../src/db/database';
import { fakeAppStorage } from '../../src/db/testing/fake-storage';
import { createBridgeClient } from '../../src/replication/bridge-client';
import { createBridgeEvents } from '../../src/replication/bridge-events';
import { startCatalogReplication, type CatalogReplication } from '../../src/replication/catalog-replication';
import {
  createCatalogSyncStatus,
  isCatalogReady,
  memoryStatusStorage,
  type CatalogSyncStatus,
} from '../../src/replication/catalog-sync-status';
import { fetchEventsTicket, liveCatalogEvents } from '../../src/replication/live-events';
import { createMemoryTokenStore } from '../../src/replication/token-store';
import { createCustomer } from './helpers/factory';
import { openTestSession } from './helpers/session';
import { TEST_JWT_SECRET } from './helpers/test-app';
import { openTestDb, type TestDb } from './helpers/test-db';
import { fetchEventSource } from './replication-sse-client';

/*
 * The storefront's catalogue replication against a real bridge: buildApp on PGlite with the seed, listening
 * on a port, the real bridge client over fetch, the live stream over SSE, and RxDB on fake-indexeddb.
 */

let db: TestDb;
let app: FastifyInstance;
let dataDir: string;
let baseUrl: string;
let adminToken: string;
const factory = new IDBFactory();
const statusStorage = memoryStatusStorage();

type Client = {
  local: AppDatabase;
  replication: CatalogReplication;
  status: CatalogSyncStatus;
  stats: { pulls: number; documents: number };
  /** The feed seq each collection has pulled up to. */
  reached: Partial<Record<SyncCollection, number>>;
  /** "received of total" of products after each page. */
  productProgress: string[];
  /** The local products, read the moment the whole catalogue was first flagged ready in this client. */
  productsWhenReady: Promise<string[]> | null;
  close(): Promise<void>;
};

/** Pages of 100 instead of the app's 1000, so that paging, checkpoints and progress counts are exercised. */
const BATCH = 100;

async function openClient(): Promise<Client> {
  const local = await createAppDatabase({ name: 'replication-e2e', storage: fakeAppStorage(factory), multiInstance: false });
  const stats = { pulls: 0, documents: 0 };
  const productProgress: string[] = [];
  const reached: Partial<Record<SyncCollection, number>> = {};
  const tokens = createMemoryTokenStore({ accessToken: adminToken, refreshToken: 'unused', expiresAt: Date.now() + 900_000 });
  const client = createBridgeClient({
    fetch: (input, init) => {
      if (input.includes('/api/sync/v1/')) stats.pulls += 1;
      return fetch(input, init);
    },
    baseUrl,
    tokens,
    events: createBridgeEvents(),
  });
  const status = createCatalogSyncStatus({ storage: statusStorage, key: `catalog-sync:${baseUrl}` });
  let productsWhenReady: Promise<string[]> | null = null;
  status.subscribe(() => {
    // Read at once, in the listener: what a page would list the moment useCatalogReady() turns true.
    if (productsWhenReady === null && isCatalogReady(status.get())) productsWhenReady = localKeys(local, 'products');
  });
  const live$ = liveCatalogEvents({ baseUrl, ticket: () => fetchEventsTicket(client), createEventSource: fetchEventSource });
  const replication = startCatalogReplication({
    db: local,
    client,
    bridgeId: baseUrl,
    live$,
    batchSize: BATCH,
    onPage: (page) => {
      stats.documents += page.documents;
      reached[page.collection] = page.checkpoint;
      status.record(page);
      const products = status.get().products;
      if (page.collection === 'products') productProgress.push(`${products.received} of ${products.total}`);
    },
    onCaughtUp: (collection) => status.markReady(collection),
  });
  return {
    local,
    replication,
    status,
    stats,
    productProgress,
    reached,
    get productsWhenReady() {
      return productsWhenReady;
    },
    async close() {
      await replication.stop();
      await local.close();
    },
  };
}

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function liveKeys(collection: SyncCollection): Promise<string[]> {
  const page = await readFeedPage(db, collection, 0, 100_000, Date.now());
  const key = { products: 'sku', categories: 'id', suppliers: 'id', catalog_meta: 'key' }[collection];
  return page.documents.filter((d) => !d._deleted).map((d) => String(d[key]));
}

async function localKeys(local: AppDatabase, collection: SyncCollection): Promise<string[]> {
  const docs = await local.collections[collection].find().exec();
  return docs.map((d) => String(d.primary));
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'replication-e2e-'));
  db = await openTestDb();
  await seedIfEmpty(db, { products: 300 });
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, SEED_PRODUCTS: '0' });
  app = await buildApp({ config, db, logger: false, distDir: path.join(dataDir, 'no-dist') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const admin = await createCustomer(db, { isAdmin: true });
  adminToken = (await openTestSession(db, admin.id)).token;
});

afterAll(async () => {
  await app?.close();
  await db?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('catalogue replication against a running bridge', () => {
  let client: Client;
  afterAll(async () => {
    await client?.close();
  });

  it('first sync downloads every listed product, category, supplier and meta document and counts them', async () => {
    client = await openClient();
    await client.replication.awaitInSync();
    const listed = await db.query<{ sku: string }>(
      'select sku from products where status in (0, 1) and visibility in (2, 3, 4) order by sku',
    );
    expect(listed.length).toBeGreaterThan(200);
    expect((await localKeys(client.local, 'products')).sort()).toEqual(listed.map((r) => r.sku).sort());
    for (const collection of ['categories', 'suppliers', 'catalog_meta'] as const) {
      const expected = await liveKeys(collection);
      expect(expected.length).toBeGreaterThan(0);
      expect((await localKeys(client.local, collection)).sort()).toEqual(expected.sort());
    }
    const status = client.status.get();
    expect(isCatalogReady(status)).toBe(true);
    expect(status.products.received).toBe(status.products.total);
    expect(status.products.received).toBeGreaterThanOrEqual(listed.length);
    // Every page of 100 moved the bar; the total was known from the first page on.
    const total = status.products.total ?? 0;
    expect(client.productProgress).toEqual(
      [...client.productProgress.keys()].map((i) => `${Math.min((i + 1) * BATCH, total)} of ${total}`),
    );
    expect(client.productProgress.length).toBe(Math.ceil(total / BATCH) + (total % BATCH === 0 ? 1 : 0));
  });

  it('flags the catalogue ready only once every listed product is stored locally', async () => {
    // Recorded by the first test's client: the status listener read the local collection at the flip.
    const whenReady = client.productsWhenReady;
    if (!whenReady) throw new Error('the catalogue was never flagged ready');
    const listed = await db.query<{ sku: string }>(
      'select sku from products where status in (0, 1) and visibility in (2, 3, 4) order by sku',
    );
    expect((await whenReady).sort()).toEqual(listed.map((r) => r.sku).sort());
  });

  it('a price and stock change on the bridge reaches the local document through the live stream', async () => {
    const [row] = await db.query<{ sku: string; price_cents: number }>(
      "select sku, price_cents from products where type_id = 'simple' and parent_sku is null and status = 1 and visibility = 4 order by id limit 1",
    );
    if (!row) throw new Error('the seed has no simple listed product');
    const newPrice = row.price_cents + 123;
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/admin/products/${row.sku}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ price: newPrice, qty: 7, is_in_stock: true }),
    });
    expect(res.status).toBe(200);
    const doc = await waitFor(async () => {
      const found = await client.local.products.findOne(row.sku).exec();
      return found?.price === newPrice ? found : undefined;
    }, 'the new price');
    const latencyMs = Math.round(performance.now() - started);
    // Reported, not asserted: the bench/e2e measure the 2-second target in a browser.
    console.info(`[replication-e2e] PATCH → local document changed in ${latencyMs} ms`);
    expect(doc.qty).toBe(7);
    expect(doc.is_in_stock).toBe(true);
  });

  it('a deleted and a disabled product disappear from the local catalogue', async () => {
    const rows = await db.query<{ sku: string }>(
      "select sku from products where type_id = 'simple' and parent_sku is null and status = 1 and visibility = 4 and sku not in (select jsonb_array_elements(data->'product_links')->>'linked_product_sku' from products where data ? 'product_links') order by id desc limit 2",
    );
    const [deleted, disabled] = rows.map((r) => r.sku);
    if (!deleted || !disabled) throw new Error('the seed has too few simple products');
    expect(await client.local.products.findOne(deleted).exec()).not.toBeNull();
    await db.query('delete from products where sku = $1', [deleted]);
    await db.query('update products set status = 2 where sku = $1', [disabled]);
    await waitFor(async () => {
      const left = await client.local.products.findByIds([deleted, disabled]).exec();
      return left.size === 0 ? true : undefined;
    }, 'both products to disappear');
  });

  it('a restart resumes from the stored checkpoint and downloads nothing again', async () => {
    // Deleting a product also moved categories and suppliers (product counts): let every feed land first.
    const heads = await feedHeads(db);
    await waitFor(async () => (SYNC_COLLECTIONS.every((c) => (client.reached[c] ?? 0) >= heads[c]) ? true : undefined), 'every feed head');
    await client.replication.awaitInSync();
    const before = (await localKeys(client.local, 'products')).length;
    await client.close();
    client = await openClient();
    expect(isCatalogReady(client.status.get())).toBe(true);
    await client.replication.awaitInSync();
    // The stream's RESYNC on connect makes one more pull per collection: let it land before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    console.info(`[replication-e2e] restart: ${client.stats.pulls} pulls, ${client.stats.documents} documents`);
    expect(client.stats.documents).toBe(0);
    expect(client.stats.pulls).toBeLessThanOrEqual(8);
    expect((await localKeys(client.local, 'products')).length).toBe(before);
  });
});
