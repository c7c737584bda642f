import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { seedIfEmpty } from '../../server/seed/seed';
import { FEED_PAGE_JOINED_SQL } from '../../server/services/change-feed/feed-reader';
import { FEED_PAGE_ENTRY_OVERHEAD, FeedPageCache, preferredEncoding } from '../../server/services/change-feed/page-cache';
import { createCustomer } from './helpers/factory';
import { openTestSession } from './helpers/session';
import { TEST_JWT_SECRET } from './helpers/test-app';
import { openTestDb, type TestDb } from './helpers/test-db';

/**
 * The sync route keeps whole feed answers in memory, compressed (server/services/change-feed/page-cache.ts):
 * one database read per page for all buyers, while the feed's head stays where it was and no price window on
 * the page opens or closes. Every request reads the head from the database, so a second bridge instance on the
 * same database, or a catalogue write, is seen at once.
 */
type Page = { code: number; result: { documents: Record<string, unknown>[]; checkpoint: { seq: number } } };

let db: TestDb;
let dataDir: string;
let first: FastifyInstance;
let second: FastifyInstance;
let token: string;
let nowMs = Date.parse('2026-06-01T10:00:00Z');
const clock = { now: () => nowMs };

async function bridge(database: Db = db): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, SEED_PRODUCTS: '0' });
  const app = await buildApp({ config, db: database, clock, logger: false, distDir: path.join(dataDir, 'no-dist') });
  await app.ready();
  return app;
}

async function pull(
  app: FastifyInstance,
  query = 'after=0&limit=50',
  encoding?: string,
): Promise<{ page: Page; encoding: string | undefined }> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/sync/v1/products?${query}`,
    headers: { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });
  expect(res.statusCode).toBe(200);
  const contentEncoding = res.headers['content-encoding'] as string | undefined;
  const raw = res.rawPayload;
  const text =
    contentEncoding === 'br'
      ? brotliDecompressSync(raw).toString()
      : contentEncoding === 'gzip'
        ? gunzipSync(raw).toString()
        : raw.toString();
  return { page: JSON.parse(text) as Page, encoding: contentEncoding };
}

/** Marks the stored document of `sku` without moving the feed: only a fresh read from the database shows it. */
async function markStored(sku: string): Promise<void> {
  await db.query(
    `update catalog_feed_docs set doc = replace(doc, '"_deleted":false', '"_deleted":false,"marked":true') where feed = 'products' and doc_key = $1`,
    [sku],
  );
}

/** A listed simple product (the first or the last by id) given a half-price window [from, to] (ISO), which moves the feed. */
async function halfPriceWindow(which: 'first' | 'last', from: string, to: string): Promise<{ sku: string; price_cents: number }> {
  const [row] = await db.query<{ sku: string; price_cents: number }>(
    `select sku, price_cents from products where type_id = 'simple' and parent_sku is null and status = 1 and visibility = 4
     and price_cents > 200 order by id ${which === 'first' ? 'asc' : 'desc'} limit 1`,
  );
  if (!row) throw new Error('the seed has no simple listed product');
  await db.query(
    `update products set data = data || jsonb_build_object('special_price', ($2::numeric / 200), 'special_from_date', $3::text, 'special_to_date', $4::text) where sku = $1`,
    [row.sku, row.price_cents, from, to],
  );
  return row;
}

const skuOf = (page: Page, i = 0): string => String(page.result.documents[i]?.sku);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'feed-cache-test-'));
  db = await openTestDb();
  await seedIfEmpty(db, { products: 200 });
  first = await bridge();
  second = await bridge();
  token = (await openTestSession(db, (await createCustomer(db)).id)).token;
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await db?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('feed answers kept in memory', () => {
  it('serves a page again from memory while the feed has not moved, in the encoding asked for', async () => {
    const { page } = await pull(first);
    const sku = skuOf(page);
    await markStored(sku);
    const again = await pull(first);
    expect(again.page).toEqual(page);
    const br = await pull(first, undefined, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.page).toEqual(page);
    const gzip = await pull(first, undefined, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gzip.page).toEqual(page);
    // Another page (other `after`, `limit` or `ahead`) is read from the database: the mark shows.
    const other = await pull(first, 'after=0&limit=49');
    expect(other.page.result.documents[0]).toMatchObject({ sku, marked: true });
  });

  it('reads the page again once the catalogue changed, and so does another bridge instance on the database', async () => {
    const before = await pull(first, 'after=0&limit=40');
    const sku = skuOf(before.page, 3);
    await pull(second, 'after=0&limit=40');
    // A write through the catalogue tables moves the feed's head: both instances read again.
    await db.query('update products set price_cents = 4321 where sku = $1', [sku]);
    for (const app of [first, second]) {
      const after = await pull(app, 'after=0&limit=40');
      expect(after.page.result.documents.map((d) => d.sku)).not.toContain(sku);
      const changed = await pull(app, `after=${before.page.result.checkpoint.seq}&limit=1000`);
      expect(changed.page.result.documents.find((d) => d.sku === sku)).toMatchObject({ price: 4321 });
    }
  });

  it('reads a page again when a price window on it opens, although the feed did not move', async () => {
    const row = await halfPriceWindow('first', '2026-06-02T00:00:00.000Z', '2026-06-09T00:00:00.000Z');
    const query = `after=0&limit=1000`;
    const find = (page: Page) => page.result.documents.find((d) => d.sku === row.sku);
    const closed = find((await pull(first, query)).page);
    expect(closed).toMatchObject({ final_price: row.price_cents });
    nowMs = Date.parse('2026-06-03T10:00:00Z');
    const open = find((await pull(first, query)).page);
    expect(open).toMatchObject({ final_price: Math.round(row.price_cents / 2) });
  });

  it('shares one database read among buyers asking for the same page at once', async () => {
    let pageReads = 0;
    const counted = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'query') {
          return (sql: string, params?: readonly unknown[]) => {
            // Every page read starts with the joined statement (the entry-by-entry one follows only to build documents).
            if (sql === FEED_PAGE_JOINED_SQL) pageReads += 1;
            return target.query(sql, params);
          };
        }
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const third = await bridge(counted);
    try {
      const answers = await Promise.all(
        ['br', 'gzip', 'br', undefined, 'gzip, br'].map((encoding) => pull(third, 'after=0&limit=33', encoding)),
      );
      expect(pageReads).toBe(1);
      for (const answer of answers) expect(answer.page).toEqual(answers[0]?.page);
    } finally {
      await third.close();
    }
  });

  it('a page read from stored documents ends when their price window opens, in a bridge that did not build them', async () => {
    const row = await halfPriceWindow('last', '2026-07-02T00:00:00.000Z', '2026-07-09T00:00:00.000Z');
    nowMs = Date.parse('2026-07-01T10:00:00Z');
    const query = 'after=0&limit=999';
    const find = (page: Page) => page.result.documents.find((d) => d.sku === row.sku);
    // The first bridge builds and stores the documents; a new one reads them from the table, with their valid_until.
    expect(find((await pull(first, query)).page)).toMatchObject({ final_price: row.price_cents });
    const fresh = await bridge();
    try {
      expect(find((await pull(fresh, query)).page)).toMatchObject({ final_price: row.price_cents });
      nowMs = Date.parse('2026-07-03T10:00:00Z');
      expect(find((await pull(fresh, query)).page)).toMatchObject({ final_price: Math.round(row.price_cents / 2) });
    } finally {
      await fresh.close();
    }
  });

  it('sends a failure on the way uncompressed, as the error handler writes it', async () => {
    await db.query('alter table catalog_feed_docs rename to catalog_feed_docs_away');
    try {
      const res = await first.inject({
        method: 'GET',
        url: '/api/sync/v1/products?after=0&limit=7',
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' },
      });
      expect(res.statusCode).toBe(500);
      // Whatever encoding the headers name, the body is in it.
      const named = res.headers['content-encoding'];
      const raw =
        named === 'br'
          ? brotliDecompressSync(res.rawPayload).toString()
          : named === 'gzip'
            ? gunzipSync(res.rawPayload).toString()
            : res.body;
      expect(JSON.parse(raw)).toMatchObject({ code: 500 });
    } finally {
      await db.query('alter table catalog_feed_docs_away rename to catalog_feed_docs');
    }
  });
});

describe('FeedPageCache', () => {
  const body = (n: number) => JSON.stringify({ n, text: Array.from({ length: 400 }, (_, i) => `${n}-${i * 7919}`).join(' ') });

  it('picks brotli, then gzip, from accept-encoding, and nothing refused with q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('gzip;q=0, *')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip;q=0, *')).toBe('identity');
    expect(preferredEncoding('*;q=0')).toBe('identity');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });

  it('forgets the least recently used answers beyond its byte budget, and a stale one on sight', async () => {
    const probe = (await new FeedPageCache().put('products', 'probe', 1, null, body(0), 'gzip')).length + FEED_PAGE_ENTRY_OVERHEAD;
    const cache = new FeedPageCache(probe * 2.5);
    await cache.put('products', 'a', 1, null, body(1), 'gzip');
    await cache.put('products', 'b', 1, null, body(2), 'gzip');
    expect(await cache.get('products', 'a', 1, 0, 'gzip')).toBeDefined();
    await cache.put('products', 'c', 1, null, body(3), 'gzip');
    expect(await cache.get('products', 'b', 1, 0, 'gzip')).toBeUndefined();
    expect(gunzipSync((await cache.get('products', 'a', 1, 0, 'gzip')) ?? Buffer.alloc(0)).toString()).toBe(body(1));
    expect((await cache.get('products', 'c', 1, 0, 'identity'))?.toString()).toBe(body(3));
    expect(cache.size).toBeLessThanOrEqual(probe * 2.5);
    // The clock past the page's first price change: gone, and its bytes with it.
    await cache.put('products', 'd', 1, 1_000, body(4), 'br');
    expect(await cache.get('products', 'd', 1, 999, 'br')).toBeDefined();
    const [count, size] = [cache.count, cache.size];
    expect(await cache.get('products', 'd', 1, 1_000, 'br')).toBeUndefined();
    expect(cache.count).toBe(count - 1);
    expect(cache.size).toBeLessThan(size);
  });

  it('drops a collection\u2019s answers read under an older head as soon as a newer head is seen, and no other collection\u2019s', async () => {
    const cache = new FeedPageCache();
    await cache.put('products', 'p1', 7, null, body(1), 'br');
    await cache.put('products', 'p2', 7, null, body(2), 'br');
    await cache.put('categories', 'c1', 3, null, body(3), 'br');
    expect(cache.count).toBe(3);
    // A request reads head 8 for another page: both pages of head 7 go at once.
    expect(await cache.get('products', 'p3', 8, 0, 'br')).toBeUndefined();
    expect(cache.count).toBe(1);
    expect(await cache.get('categories', 'c1', 3, 0, 'br')).toBeDefined();
    // An answer read under head 7 that finishes after head 8 was seen is sent, not kept.
    await cache.put('products', 'late', 7, null, body(4), 'br');
    expect(await cache.get('products', 'late', 8, 0, 'br')).toBeUndefined();
    expect(cache.count).toBe(1);
  });

  it('counts what tiny answers really hold, and keeps at most its number of entries', async () => {
    const budget = 64 * 1024;
    const cache = new FeedPageCache(budget, 100);
    for (let i = 0; i < 2_000; i += 1) await cache.put('products', `k${i}`, 1, null, `{"code":200,"n":${i}}`, 'gzip');
    expect(cache.count).toBeLessThanOrEqual(Math.min(100, Math.floor(budget / FEED_PAGE_ENTRY_OVERHEAD)));
    expect(cache.size).toBeLessThanOrEqual(budget);
    // Each answer is a buffer of its own, not a slice that keeps zlib's larger output buffer alive.
    const kept = await cache.get('products', 'k1999', 1, 0, 'gzip');
    expect(kept?.buffer.byteLength).toBe(kept?.length);
  });
});
