import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '../../server/db/client';
import { rotateRefreshToken } from '../../server/services/refresh-tokens';
import { hashToken } from '../../server/services/secure-token';
import { TEST_JWT_SECRET } from './helpers/test-app';

/** Migration 050 on a database that already has sessions: they keep working, revoked ones stay revoked. */
const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'db', 'migrations');
let db: Db;

async function apply(filter: (file: string) => boolean): Promise<void> {
  for (const file of (await readdir(MIGRATIONS)).filter((f) => f.endsWith('.sql') && filter(f)).sort()) {
    await db.exec(await readFile(path.join(MIGRATIONS, file), 'utf8'));
  }
}

beforeAll(async () => {
  db = await openPglite(undefined);
  await apply((f) => f < '050');
});
afterAll(async () => {
  await db?.close();
});

describe('050-sessions on existing refresh tokens', () => {
  it('turns every family into a session, open or ended as its tokens were', async () => {
    // A customer row as the schema before 050 knows it (the test factory writes later columns too).
    const customer = { id: 'cust-before-050' };
    await db.query(`insert into customers (id, email, firstname, lastname) values ($1, 'before-050@example.gr', 'Μαρία', 'Π.')`, [
      customer.id,
    ]);
    const insert = (token: string, family: string, revoked: boolean, used: boolean) =>
      db.query(
        `insert into refresh_tokens (token_hash, family_id, customer_id, issued_at, expires_at, used_at, revoked_at)
         values ($1, $2, $3, now(), now() + interval '30 days', $4, $5)`,
        [hashToken(token), family, customer.id, used ? new Date() : null, revoked ? new Date() : null],
      );
    await insert('open-old', 'fam-open', false, true);
    await insert('open-new', 'fam-open', false, false);
    await insert('stolen-old', 'fam-ended', true, true);
    await insert('stolen-new', 'fam-ended', true, false);

    await apply((f) => f === '050-sessions.sql');

    const families = await db.query<{ family_id: string; customer_id: string; ended: boolean }>(
      'select family_id, customer_id, revoked_at is not null as ended from session_families order by family_id',
    );
    expect(families).toEqual([
      { family_id: 'fam-ended', customer_id: customer.id, ended: true },
      { family_id: 'fam-open', customer_id: customer.id, ended: false },
    ]);
    // Today's code runs on today's schema: the sessions keep working once every later migration ran too.
    await apply((f) => f > '050-sessions.sql');
    await expect(rotateRefreshToken(db, 'open-new', Date.now(), TEST_JWT_SECRET)).resolves.toMatchObject({ familyId: 'fam-open' });
    await expect(rotateRefreshToken(db, 'stolen-new', Date.now(), TEST_JWT_SECRET)).rejects.toMatchObject({ code: 'revoked' });
  });
});
