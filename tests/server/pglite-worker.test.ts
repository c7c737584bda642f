import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { isUniqueViolation } from '../../server/services/customers';
import { createBuyer } from './helpers/factory';

/**
 * The embedded PGlite runs on a worker thread (docs/decisions/012-pglite-worker.md). These tests hold it
 * to what the in-process PGlite did: same values, same PostgreSQL error fields, same transaction
 * semantics, notifications, and that the calling thread keeps running while a statement executes.
 */
let db: Db;

beforeAll(async () => {
  db = await openPglite(undefined);
  await db.exec(`
    create table items (id int primary key, name text not null unique, tags text[], doc jsonb, at timestamptz, raw bytea, big int8);
    create table parents (id int primary key);
    create table children (id int primary key, parent_id int references parents deferrable initially deferred);`);
});

afterAll(async () => {
  await db.close();
});

const count = async (table: string) => (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n;

describe('PGlite on a worker thread', () => {
  it('returns the same values as PGlite in this thread: dates, arrays, json, bytes, int8', async () => {
    const inThisThread = await openPglite(undefined, { thread: 'main' });
    try {
      const sql = `select $1::timestamptz as at, $2::text[] as tags, $3::jsonb as doc, $4::bytea as raw, 9007199254740991::int8 as big, null::text as nothing, 1.5::float8 as f`;
      const params = [
        new Date('2026-03-15T10:00:00Z'),
        ['α', 'b'],
        JSON.stringify({ a: [1, { b: 'Καφές' }] }),
        new Uint8Array([0, 255, 7]),
      ];
      const [fromWorker] = await db.query(sql, params);
      const [fromHere] = await inThisThread.query(sql, params);
      expect(fromWorker).toEqual(fromHere);
      expect(fromWorker?.at).toBeInstanceOf(Date);
      expect(fromWorker?.raw).toBeInstanceOf(Uint8Array);
    } finally {
      await inThisThread.close();
    }
  });

  it('keeps the PostgreSQL fields of an error (code, constraint, detail, table), which callers inspect', async () => {
    await db.query(`insert into items (id, name) values (1, 'one')`);
    const error = await db.query(`insert into items (id, name) values (2, 'one')`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'items_name_key',
      table: 'items',
      detail: 'Key (name)=(one) already exists.',
    });
    expect(isUniqueViolation(error)).toBe(true);
    expect((error as Error).message).toContain('duplicate key value violates unique constraint');
    // The stack points at the caller, not only into the worker.
    expect((error as Error).stack).toContain('pglite-worker.test.ts');
    await expect(db.query('select * from no_such_table')).rejects.toMatchObject({ code: '42P01' });
  });

  it('rolls a transaction back when its function throws, and rethrows that error', async () => {
    const before = await count('items');
    const boom = new Error('boom');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into items (id, name) values (10, 'ten')`);
        expect((await tx.query<{ n: number }>('select count(*)::int as n from items'))[0]?.n).toBe((before ?? 0) + 1);
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await count('items')).toBe(before);
  });

  it('rolls back a transaction whose statement failed, with the statement error and its code', async () => {
    const before = await count('items');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into items (id, name) values (11, 'eleven')`);
        await tx.query(`insert into items (id, name) values (12, 'eleven')`);
      }),
    ).rejects.toMatchObject({ code: '23505', constraint: 'items_name_key' });
    expect(await count('items')).toBe(before);
    // The database is usable afterwards: no transaction left open, no lock left held.
    expect((await db.query<{ ok: number }>('select 1 as ok'))[0]?.ok).toBe(1);
  });

  it('reports a failure at commit (a deferred foreign key) and leaves nothing behind', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into children (id, parent_id) values (1, 99)');
        return 'committed';
      }),
    ).rejects.toMatchObject({ code: '23503' });
    expect(await count('children')).toBe(0);
  });

  it('commits, and a statement outside the transaction waits until it has ended (as in-process PGlite)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const work = db.transaction(async (tx) => {
      await tx.query(`insert into items (id, name, tags) values (20, 'twenty', '{x}')`);
      await gate;
      await tx.query(`update items set name = 'twenty!' where id = 20`);
      return 'done';
    });
    // Sent while the transaction is open: answered after its commit, so it sees the committed row.
    const outside = db.query<{ name: string }>('select name from items where id = 20');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await work).toBe('done');
    expect(await outside).toEqual([{ name: 'twenty!' }]);
  });

  it('runs statements sent without waiting in the order they were sent, inside the transaction', async () => {
    const seen = await db.transaction(async (tx) => {
      const insert = tx.query(`insert into items (id, name) values (30, 'thirty')`);
      const update = tx.query(`update items set name = 'thirty, renamed' where id = 30`);
      const read = tx.query<{ name: string }>('select name from items where id = 30');
      return (await Promise.all([insert, update, read]))[2];
    });
    expect(seen).toEqual([{ name: 'thirty, renamed' }]);
    expect(await db.query('select name from items where id = 30')).toEqual([{ name: 'thirty, renamed' }]);
  });

  it('delivers a notification before the statement that sent it returns, and stops after unlisten', async () => {
    const heard: string[] = [];
    const unlisten = await db.listen?.('items_changed', (payload) => heard.push(payload));
    expect(unlisten).toBeTypeOf('function');
    await db.transaction(async (tx) => {
      await tx.query(`select pg_notify('items_changed', 'first')`);
      expect(heard).toEqual([]); // delivered on commit, not before
    });
    expect(heard).toEqual(['first']);
    await unlisten?.();
    await db.query(`select pg_notify('items_changed', 'second')`);
    await db.query('select 1');
    expect(heard).toEqual(['first']);
  });

  it('lets this thread run while a long statement executes', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 5);
    const started = performance.now();
    try {
      await db.query('select count(*) from generate_series(1, 1000000) g where g % 7 = 0');
    } finally {
      clearInterval(timer);
    }
    const tookMs = performance.now() - started;
    // In this thread the query would have blocked every timer until it returned (0 or 1 tick).
    expect(tookMs).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThanOrEqual(3);
  });

  it('runs the migrations and real repository code (factories, unique checks) unchanged', async () => {
    const migrated = await openPglite(undefined);
    try {
      await migrate(migrated);
      const buyer = await createBuyer(migrated);
      const again = await createBuyer(migrated, { afm: buyer.afm }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isUniqueViolation(again)).toBe(true);
    } finally {
      await migrated.close();
    }
  });
});

describe('PGlite worker lifecycle', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'pglite-worker-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps data in its data directory across a close and a reopen', async () => {
    const first = await openPglite(dir);
    await first.exec(`create table kept (v text); insert into kept values ('still here')`);
    await first.close();
    const second = await openPglite(dir);
    try {
      expect(await second.query('select v from kept')).toEqual([{ v: 'still here' }]);
    } finally {
      await second.close();
    }
  });

  it('refuses statements after close with a typed error instead of hanging', async () => {
    const closed = await openPglite(undefined);
    await closed.close();
    await expect(closed.query('select 1')).rejects.toMatchObject({ code: 'PGLITE_WORKER_STOPPED' });
  });
});
