import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../src/contracts/messages';
import {
  MAX_AGGREGATION_RANGES,
  MAX_AGGREGATIONS,
  MAX_FIELD_PATHS,
  MAX_FILTER_VALUES,
  MAX_FILTERS,
  MAX_SEARCH_TEXT,
  MAX_SORT_KEYS,
  MAX_TERMS_BUCKETS,
  SEARCH_SIZE_LIMITS,
} from '../../src/contracts/search';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Db, Queryable } from '../../server/db/client';
import { seedIfEmpty } from '../../server/seed/seed';
import { PreparedAnswer } from '../../server/services/search/prepared-answer';
import { CatalogAnswerCache } from '../../server/services/search/result-cache';
import { PRODUCT_SEARCH_TTL_MS } from '../../src/contracts/search';
import { searchTurnsOf } from '../../server/services/search/search-turns';
import { TokenBuckets } from '../../server/http/customer-rate-limit';
import { createTestApp, json, TEST_JWT_SECRET } from './helpers/test-app';
import { openTestDb, testDbKind, type TestDb } from './helpers/test-db';
import { openTestSession } from './helpers/session';

/**
 * Decision 016: one request cannot stall the database. Every part of a search is bounded (400 with a
 * translated text), a search every requester gave up on never reaches PGlite, searches are rate-limited
 * per customer, and the answer cache stays within its byte budget.
 */

let db: TestDb;
let app: FastifyInstance;
let dataDir: string;
/** Search transactions that reached the database (each search is one transaction). */
let transactions = 0;
/** While set, the next search transaction waits for it before it starts (the database is "busy"). */
let hold: Promise<void> | null = null;

function countingDb(inner: Db): Db {
  return {
    ...inner,
    async transaction(fn) {
      transactions += 1;
      const wait = hold;
      hold = null;
      if (wait) await wait;
      return inner.transaction(fn);
    },
  };
}

/** An access token of a real session of `customer` in `q` (the bridge refuses tokens whose session is not open). */
const sessions = new Map<string, Promise<string>>();
function token(customer = 'bounds-customer', q: Queryable = db): Promise<string> {
  const key = `${q === db ? 'main' : 'other'}|${customer}`;
  let made = sessions.get(key);
  if (!made) {
    made = (async () => {
      await q.query(`insert into customers (id, email, firstname, lastname) values ($1, $2, 'Μαρία', 'Π.') on conflict do nothing`, [
        customer,
        `${customer}@example.gr`,
      ]);
      return (await openTestSession(q, customer)).token;
    })();
    sessions.set(key, made);
  }
  return made;
}

async function search(body: unknown, entity = 'product', customer?: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/catalog/${entity}/_search`,
    headers: { authorization: `Bearer ${await token(customer)}` },
    payload: body as object,
  });
  return { status: res.statusCode, body: json(res), headers: res.headers };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'search-bounds-'));
  db = await openTestDb();
  await seedIfEmpty(db, { products: 40 });
  // This file's searches all come from one customer at once: the per-customer limit is tested on its own app.
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'warn', SEARCH_BURST: '100000' });
  app = await buildApp({ config, db: countingDb(db), logger: false, distDir: path.join(dataDir, 'no-dist') });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app.close();
  await db.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const aggregations = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`a${i}`, { terms: { field: 'category_ids', size: 5 } }]));
const ranges = (count: number) => Array.from({ length: count }, (_, i) => ({ from: i * 10, to: i * 10 + 10 }));

describe('every part of a search is bounded', () => {
  const cases: [string, unknown, string][] = [
    ['aggregations', { aggregations: aggregations(MAX_AGGREGATIONS + 1) }, M.searchTooLarge],
    ['terms buckets', { aggregations: { c: { terms: { field: 'category_ids', size: MAX_TERMS_BUCKETS + 1 } } } }, M.searchTooLarge],
    ['ranges', { aggregations: { p: { range: { field: 'price', ranges: ranges(MAX_AGGREGATION_RANGES + 1) } } } }, M.searchTooLarge],
    [
      'filters',
      { query: { filters: Object.fromEntries(Array.from({ length: MAX_FILTERS + 1 }, (_, i) => [`f${i}`, 1])) } },
      M.searchTooLarge,
    ],
    ['filter values', { query: { filters: { sku: Array.from({ length: MAX_FILTER_VALUES + 1 }, (_, i) => `S-${i}`) } } }, M.searchTooLarge],
    ['a filter number', { query: { filters: { price: { gte: 1e16 } } } }, M.searchTooLarge],
    ['sort keys', { sort: Array.from({ length: MAX_SORT_KEYS + 1 }, () => 'id:asc') }, M.searchTooLarge],
    ['include paths', { includeFields: Array.from({ length: MAX_FIELD_PATHS + 1 }, (_, i) => `f${i}`) }, M.searchTooLarge],
    ['text', { query: { text: 'α'.repeat(MAX_SEARCH_TEXT + 1) } }, M.searchTextTooLong],
    ['product page', { size: SEARCH_SIZE_LIMITS.product + 1 }, M.searchTooLarge],
    ['window', { from: 9000, size: 1001 }, M.searchTooLarge],
    // A bucket per product is no facet: prices take ranges.
    ['terms on a key of its own per product', { aggregations: { s: { terms: { field: 'sku' } } } }, M.invalidRequest],
  ];
  for (const [part, body, message] of cases) {
    it(`refuses too many or too large ${part} with a 400 before the database`, async () => {
      const before = transactions;
      const res = await search(body);
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]?.description).toBe(message);
      expect(transactions).toBe(before);
    });
  }

  it('refuses the reported attack (300 aggregations of 20 ranges) without a statement', async () => {
    const attack = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`a${i}`, { range: { field: 'price', ranges: ranges(20) } }]));
    const before = transactions;
    const res = await search({ size: 0, aggregations: attack });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.description).toBe(M.searchTooLarge);
    expect(transactions).toBe(before);
  });

  it('answers a search at every bound, and the category tree its 4000', async () => {
    const atLimits = {
      query: {
        text: 'α'.repeat(MAX_SEARCH_TEXT - 10) + ' καφές',
        filters: { sku: Array.from({ length: MAX_FILTER_VALUES }, (_, i) => `S-${i}`) },
      },
      size: SEARCH_SIZE_LIMITS.product,
      from: 8000,
      sort: Array.from({ length: MAX_SORT_KEYS }, () => 'id:asc'),
      includeFields: Array.from({ length: MAX_FIELD_PATHS }, (_, i) => `f${i}`),
      aggregations: {
        ...aggregations(MAX_AGGREGATIONS - 1),
        p: { range: { field: 'price', ranges: ranges(MAX_AGGREGATION_RANGES) } },
      },
    };
    expect((await search(atLimits)).status).toBe(200);
    expect((await search({ size: SEARCH_SIZE_LIMITS.category, query: { filters: { is_active: true } } }, 'category')).status).toBe(200);
  });

  it('refuses a value its column cannot hold with a 400, not a database error', async () => {
    for (const filters of [
      { category_ids: [2 ** 31] },
      { id: -(2 ** 31) - 1 },
      { updated_at: 'not a date' },
      { updated_at: { gte: -1e15 } },
      { sku: 'a\u0000b' },
    ]) {
      const res = await search({ query: { filters } });
      expect(res.status, JSON.stringify(filters)).toBe(400);
    }
    // A range bound beyond int4 is a comparison that is simply true or false.
    expect((await search({ query: { filters: { id: { lt: 1e10 } } }, size: 1 })).status).toBe(200);
  });
});

describe('work past its time limit', () => {
  it.runIf(testDbKind() === 'pglite')(
    'never starts a queued search whose every requester gave up (PGlite cannot stop one that runs)',
    async () => {
      let release: () => void = () => undefined;
      hold = new Promise<void>((resolve) => (release = resolve));
      const before = transactions;
      // The first search holds the database; three more, each distinct, queue behind it and time out.
      const answers = await Promise.all([1, 2, 3, 4].map((n) => search({ query: { text: `καφές ${n}` }, size: n })));
      expect(answers.map((a) => a.status)).toEqual([503, 503, 503, 503]);
      expect(searchTurnsOf(app.db).queued).toBe(3);
      release();
      // The held search ends; its turn's end drops the three nobody waits for any more.
      await expect.poll(() => searchTurnsOf(app.db).queued, { timeout: 5000 }).toBe(0);
      expect(transactions - before).toBe(1);
      expect((await search({ query: { text: 'καφές' }, size: 7 })).status).toBe(200);
      expect(transactions - before).toBe(2);
    },
  );

  it.runIf(testDbKind() === 'postgresql')(
    'cancels the search statement itself at the limit (statement_timeout), not only the answer',
    async () => {
      const pg = await import('pg');
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.searchParams.set('options', `-c search_path=${db.schema},public`);
      const locker = new pg.default.Client({ connectionString: url.toString() });
      await locker.connect();
      try {
        expect((await search({ size: 1 })).status).toBe(200); // statistics checked before the table is locked
        // Another session holds the products table: the search's statement waits for it, as long as it is let.
        await locker.query('begin');
        await locker.query('lock table products in access exclusive mode');
        const res = await search({ query: { filters: { is_in_stock: true } }, size: 3 });
        expect(res.status).toBe(503);
        const waiting = async () =>
          Number(
            (
              await locker.query<{ n: string }>(
                `select count(*) as n from pg_locks l join pg_class c on c.oid = l.relation
                 where c.relname = 'products' and c.relnamespace = $1::regnamespace and not l.granted`,
                [db.schema],
              )
            ).rows[0]?.n,
          );
        // Without statement_timeout the search would wait on the lock until the lock is released.
        await expect.poll(waiting, { timeout: 5000 }).toBe(0);
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
    },
  );
});

describe('searches per customer', () => {
  it('answers 429 beyond the burst, with Retry-After; another customer is not affected', async () => {
    const limited = await createTestApp({ logger: false, env: { SEARCH_BURST: '3', SEARCH_RATE_PER_SECOND: '0.01' } });
    try {
      const send = async (customer: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/catalog/product/_search',
          headers: { authorization: `Bearer ${await token(customer, limited.db)}` },
          payload: { query: { text: 'καφές' }, size: 5 },
        });
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await send('script')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await send('script');
      expect(json(refused).errors?.[0]?.description).toBe(M.tooManyRequests);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(1);
      expect((await send('buyer')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refills at the sustained rate: a buyer typing 4 searches a second never runs dry', () => {
    let now = 0;
    const buckets = new TokenBuckets({ perSecond: 5, burst: 30, now: () => now });
    for (let i = 0; i < 4 * 600; i += 1) {
      expect(buckets.take('typist')).toBe(0);
      now += 250;
    }
    const script = Array.from({ length: 40 }, () => buckets.take('script'));
    expect(script.filter((wait) => wait === 0)).toHaveLength(30);
    expect(script.at(-1)).toBe(200);
  });
});

describe('answer cache memory', () => {
  it('never holds more bytes than its budget, dropping the least recently used first', async () => {
    const budget = 200_000;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 90_000 })), { maxLength: 60 }),
        async (ops) => {
          const cache = new CatalogAnswerCache<PreparedAnswer>(db, undefined, { maxBytes: budget });
          await cache.followChanges(async () => async () => undefined);
          for (const [key, length] of ops) {
            await cache.get(`k${key}`, PRODUCT_SEARCH_TTL_MS, async () => new PreparedAnswer(JSON.stringify({ x: 'ä'.repeat(length) })));
            expect(cache.usedBytes).toBeLessThanOrEqual(budget);
          }
        },
      ),
      { seed: 16, numRuns: 40 },
    );
    const cache = new CatalogAnswerCache<PreparedAnswer>(db, undefined, { maxBytes: budget });
    await cache.followChanges(async () => async () => undefined);
    let computed = 0;
    const answer = (n: number) => async () => ((computed += 1), new PreparedAnswer(JSON.stringify({ n, pad: 'x'.repeat(90_000) })));
    await cache.get('a', PRODUCT_SEARCH_TTL_MS, answer(1));
    await cache.get('b', PRODUCT_SEARCH_TTL_MS, answer(2));
    await cache.get('a', PRODUCT_SEARCH_TTL_MS, answer(1)); // a is now the most recently used
    await cache.get('c', PRODUCT_SEARCH_TTL_MS, answer(3)); // over budget: b goes, not a
    expect(computed).toBe(3);
    await cache.get('a', PRODUCT_SEARCH_TTL_MS, answer(1));
    expect(computed).toBe(3);
    await cache.get('b', PRODUCT_SEARCH_TTL_MS, answer(2));
    expect(computed).toBe(4);
  });
});
