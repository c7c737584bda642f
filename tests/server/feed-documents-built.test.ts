import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/client';
import { seedIfEmpty } from '../../server/seed/seed';
import {
  FEED_PAGE_JOINED_SQL,
  FEED_PAGE_SQL,
  readFeedPage,
  readSerialisedFeedPage,
  storeUnbuiltFeedDocuments,
} from '../../server/services/change-feed/feed-reader';
import type { SyncCollection } from '../../src/contracts/sync';
import { openTestDb, type TestDb } from './helpers/test-db';

/*
 * The bridge builds, before it listens, every feed document a pull would otherwise build during a buyer's
 * first sync (a catalogue just seeded or imported): server/start.ts, storeUnbuiltFeedDocuments.
 */

let db: TestDb;

async function feedSizes(): Promise<Record<SyncCollection, number>> {
  const rows = await db.query<{ feed: SyncCollection; n: number }>('select feed, count(*)::int as n from catalog_feed group by feed');
  const sizes: Record<SyncCollection, number> = { products: 0, categories: 0, suppliers: 0, catalog_meta: 0 };
  for (const row of rows) sizes[row.feed] = row.n;
  return sizes;
}

/** Marks every stored document, so a page read shows which of its documents came from the store. */
async function markStored(): Promise<void> {
  await db.query(`update catalog_feed_docs set doc = replace(doc, '"_deleted":false', '"_deleted":false,"stored":true')`);
}

beforeAll(async () => {
  db = await openTestDb();
  await seedIfEmpty(db, { products: 120 });
});

afterAll(async () => {
  await db?.dispose();
});

describe('feed documents built ahead of the first sync', () => {
  it('builds every document of a freshly seeded catalogue, in batches, and then nothing more', async () => {
    const sizes = await feedSizes();
    expect(sizes.products).toBeGreaterThan(50);
    // A batch smaller than every feed: the walk goes on from the last seq of each batch.
    expect(await storeUnbuiltFeedDocuments(db, Date.now(), { batch: 7 })).toEqual(sizes);
    expect(await storeUnbuiltFeedDocuments(db, Date.now(), { batch: 7 })).toEqual({
      products: 0,
      categories: 0,
      suppliers: 0,
      catalog_meta: 0,
    });
  });

  it('stores what a pull sends: a page read afterwards builds nothing', async () => {
    // What a pull builds itself, for comparison; then nothing stored, and only the build ahead stores.
    await db.query('delete from catalog_feed_docs');
    const built = await readFeedPage(db, 'products', 0, 1000, Date.now());
    await db.query('delete from catalog_feed_docs');
    await storeUnbuiltFeedDocuments(db, Date.now());
    await markStored();
    const read = await readFeedPage(db, 'products', 0, 1000, Date.now());
    expect(read.documents.length).toBeGreaterThan(50);
    expect(read.documents).toHaveLength(built.documents.length);
    read.documents.forEach((doc, i) => {
      const { stored, ...rest } = doc;
      expect(stored).toBe(true);
      expect(rest).toEqual(built.documents[i]);
    });
  });

  it('reads a page whose documents are all stored in one row, and one with a document to build entry by entry: the same page', async () => {
    await db.query('delete from catalog_feed_docs');
    await storeUnbuiltFeedDocuments(db, Date.now());
    const statements: string[] = [];
    const counting: Queryable = {
      query: (sql, params) => {
        statements.push(sql === FEED_PAGE_JOINED_SQL ? 'joined' : sql === FEED_PAGE_SQL ? 'entries' : sql.trim().split(/\s+/)[0]!);
        return db.query(sql, params);
      },
      exec: (sql) => db.exec(sql),
    };
    const now = Date.now();
    // Every document stored: one statement, and the same documents, checkpoint and remaining as entry by entry.
    const joined = await readSerialisedFeedPage(counting, 'products', 0, 40, now, 3);
    expect(statements).toEqual(['joined', 'select']);
    const rows = await db.query<{ doc: string; seq_text: string; above: string }>(FEED_PAGE_SQL, ['products', 0, 40, now]);
    expect(joined.count).toBe(40);
    expect(JSON.parse(`[${joined.documentsJson}]`)).toEqual(rows.map((row) => JSON.parse(row.doc) as unknown));
    expect(joined.checkpoint).toEqual({ seq: Number(rows.at(-1)?.seq_text) });
    expect(joined.remaining).toBe(Number(rows[0]?.above) - 40);
    expect(joined.ahead?.length).toBeGreaterThan(0);

    // One document no longer stored (a catalogue change re-stamped it): read entry by entry, that one built again.
    const [second] = rows.slice(1, 2).map((row) => JSON.parse(row.doc) as { sku: string });
    await db.query(`delete from catalog_feed_docs where feed = 'products' and doc_key = $1`, [second?.sku]);
    statements.length = 0;
    const rebuilt = await readSerialisedFeedPage(counting, 'products', 0, 40, now, 3);
    expect(statements).toEqual(['joined', 'entries', 'select', 'insert', 'select']);
    expect({ ...rebuilt, documentsJson: JSON.parse(`[${rebuilt.documentsJson}]`) as unknown }).toEqual({
      ...joined,
      documentsJson: JSON.parse(`[${joined.documentsJson}]`) as unknown,
    });
    // Stored again by that read: the next one is a single statement once more.
    statements.length = 0;
    await readSerialisedFeedPage(counting, 'products', 0, 40, now);
    expect(statements).toEqual(['joined']);
    // Past the end of the feed: nothing, and the checkpoint stays.
    const end = joined.checkpoint.seq + 1_000_000;
    expect(await readSerialisedFeedPage(db, 'products', end, 40, now)).toEqual({
      documentsJson: '',
      count: 0,
      checkpoint: { seq: end },
      remaining: 0,
      validUntil: null,
    });
  });

  it('reports a batch that fails and goes on with the next one', async () => {
    await db.query('delete from catalog_feed_docs');
    const sizes = await feedSizes();
    let inserts = 0;
    // The first batch's store fails (as a lost connection or a document the contract rejects would).
    const failing: Queryable = {
      query: (sql, params) => {
        if (sql.includes('insert into catalog_feed_docs') && inserts++ === 0) return Promise.reject(new Error('connection lost'));
        return db.query(sql, params);
      },
      exec: (sql) => db.exec(sql),
    };
    const failed: Array<[string, unknown]> = [];
    const stored = await storeUnbuiltFeedDocuments(failing, Date.now(), {
      batch: 10,
      failed: (collection, error) => failed.push([collection, error]),
    });
    expect(failed).toEqual([['products', new Error('connection lost')]]);
    expect(stored).toEqual({ ...sizes, products: sizes.products - 10 });
    // The failed batch is what a pull (or the next start) still builds.
    expect(await storeUnbuiltFeedDocuments(db, Date.now())).toEqual({ products: 10, categories: 0, suppliers: 0, catalog_meta: 0 });
  });

  it('builds again only what changed: a re-stamped product, a removed one (its tombstone), and a price window that opened', async () => {
    await storeUnbuiltFeedDocuments(db, Date.now());
    const [changed, removed, windowed] = await db.query<{ sku: string; price_cents: number }>(
      "select sku, price_cents from products where type_id = 'simple' and parent_sku is null and status = 1 and visibility = 4 and price_cents > 200 order by id limit 3",
    );
    if (!changed || !removed || !windowed) throw new Error('the seed has too few simple listed products');
    await db.query('update products set price_cents = price_cents + 1 where sku = $1', [changed.sku]);
    await db.query('update products set status = 2 where sku = $1', [removed.sku]);
    const opens = Date.now() + 60_000;
    await db.query(
      `update products set data = data || jsonb_build_object('special_price', ($2::numeric / 200), 'special_from_date', $3::text, 'special_to_date', $4::text) where sku = $1`,
      [windowed.sku, windowed.price_cents, new Date(opens).toISOString(), new Date(opens + 86_400_000).toISOString()],
    );
    expect(await storeUnbuiltFeedDocuments(db, Date.now())).toMatchObject({ products: 3, categories: 0, suppliers: 0 });
    expect(await storeUnbuiltFeedDocuments(db, Date.now())).toMatchObject({ products: 0 });
    // Past the window's start, the stored document of the windowed product is no longer right: it is built again.
    expect(await storeUnbuiltFeedDocuments(db, opens)).toMatchObject({ products: 1 });
    const [tombstone] = await db.query<{ doc: string }>("select doc from catalog_feed_docs where feed = 'products' and doc_key = $1", [
      removed.sku,
    ]);
    expect(JSON.parse(tombstone?.doc ?? '{}')).toEqual({ sku: removed.sku, _deleted: true });
  });
});
