import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '../../server/db/client';

/**
 * Migration 051 on a database that already has accounts: those count as confirmed, accounts created
 * afterwards start unconfirmed. Runs on PGlite only (the SQL is the same on PostgreSQL, where the rest of
 * the suite applies it to an empty schema).
 */
const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/db/migrations');
const TARGET = '051-email-confirmation.sql';

let db: Db;

async function apply(filter: (name: string) => boolean): Promise<void> {
  const files = (await readdir(MIGRATIONS)).filter((f) => f.endsWith('.sql') && filter(f)).sort();
  for (const file of files) await db.exec(await readFile(path.join(MIGRATIONS, file), 'utf8'));
}

beforeAll(async () => {
  db = await openPglite(undefined);
  await apply((name) => name < TARGET);
  await db.query(
    "insert into customers (id, email, firstname, lastname, created_at) values ('old', 'old@example.gr', 'Old', 'Account', '2024-01-02')",
  );
  await apply((name) => name === TARGET);
});
afterAll(async () => {
  await db.close();
});

describe('migration 051', () => {
  it('counts existing accounts as confirmed (since they were created)', async () => {
    const [row] = await db.query<{ confirmed: Date | string | null }>(
      "select email_confirmed_at as confirmed from customers where id = 'old'",
    );
    expect(new Date(row?.confirmed ?? 0).toISOString()).toBe(new Date('2024-01-02').toISOString());
  });

  it('leaves a customer inserted afterwards unconfirmed', async () => {
    await db.query("insert into customers (id, email, firstname, lastname) values ('new', 'new@example.gr', 'New', 'Account')");
    const [row] = await db.query<{ confirmed: unknown }>("select email_confirmed_at as confirmed from customers where id = 'new'");
    expect(row?.confirmed).toBeNull();
  });

  it('accepts email tokens only with the address they prove', async () => {
    const insert = (hash: string, purpose: string, email: string | null) =>
      db.query("insert into password_tokens (token_hash, customer_id, purpose, email, expires_at) values ($1, 'old', $2, $3, now())", [
        hash,
        purpose,
        email,
      ]);
    await insert('a', 'confirm_email', 'old@example.gr');
    await insert('b', 'change_email', 'next@example.gr');
    await insert('c', 'reset', null);
    await expect(insert('d', 'confirm_email', null)).rejects.toThrow();
    await expect(insert('e', 'reset', 'old@example.gr')).rejects.toThrow();
    await expect(insert('f', 'something_else', 'old@example.gr')).rejects.toThrow();
  });
});
