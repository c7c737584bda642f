import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/services/secure-token';
import { issueRefreshToken, REFRESH_REUSE_GRACE_MS, RefreshTokenError, rotateRefreshToken } from '../../server/services/refresh-tokens';
import { createCustomer } from './helpers/factory';
import { TEST_JWT_SECRET } from './helpers/test-app';
import { openTestDb, testDbKind, type TestDb } from './helpers/test-db';

/**
 * Several refreshes with one token at the same moment (tabs of one browser, or a retry racing its lost
 * original): exactly one may rotate, i.e. mark the token used and issue its successor; the others are
 * concurrent duplicates and get that same successor, never one of their own. The check that the token is
 * unused must be part of the write (a conditional update), not a read followed by a write: otherwise two
 * callers rotate, and a thief holding a copy of the token would own a branch of the session. On PostgreSQL
 * the race is forced: a third connection holds the token's row lock until both refreshes are under way and
 * blocked, neither having written. The grace for duplicates is short: the same token presented after the
 * window still revokes the family (the theft rule itself is tested over HTTP in refresh-token-grace.test.ts).
 */

let db: TestDb;

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  await db.dispose();
});

type Outcome = { ok: true; refreshToken: string; duplicate: boolean } | { ok: false; code: string };

async function attempt(token: string, nowMs = Date.now()): Promise<Outcome> {
  try {
    const rotated = await rotateRefreshToken(db, token, nowMs, TEST_JWT_SECRET);
    return { ok: true, refreshToken: rotated.refreshToken, duplicate: rotated.duplicate };
  } catch (error) {
    if (error instanceof RefreshTokenError) return { ok: false, code: error.code };
    throw error;
  }
}

async function tokensOfFamily(token: string): Promise<{ used: number; unused: number }> {
  const [row] = await db.query<{ used: number; unused: number }>(
    `select count(*) filter (where used_at is not null)::int as used, count(*) filter (where used_at is null)::int as unused
     from refresh_tokens where family_id = (select family_id from refresh_tokens where token_hash = $1)`,
    [hashToken(token)],
  );
  return row ?? { used: 0, unused: 0 };
}

/** One rotation, every other caller a duplicate with the same successor; the family gained exactly one token. */
async function expectOneRotation(token: string, outcomes: Outcome[]): Promise<string> {
  const rotations = outcomes.filter((o) => o.ok && !o.duplicate);
  expect(rotations).toHaveLength(1);
  const successor = rotations[0]?.ok ? rotations[0].refreshToken : '';
  expect(successor).not.toBe(token);
  for (const o of outcomes) expect(o).toEqual({ ok: true, refreshToken: successor, duplicate: o.ok && o.duplicate });
  expect(await tokensOfFamily(token)).toEqual({ used: 1, unused: 1 });
  return successor;
}

describe('refresh token reuse under concurrency', () => {
  it('of eight simultaneous refreshes with one token, one rotates and the others get its successor', async () => {
    const customer = await createCustomer(db);
    const now = Date.now();
    const { refreshToken: token } = await issueRefreshToken(db, customer.id, now);
    const successor = await expectOneRotation(token, await Promise.all(Array.from({ length: 8 }, () => attempt(token, now))));
    // After the window the same token is theft again: the family is revoked, its newest token included.
    expect(await attempt(token, now + REFRESH_REUSE_GRACE_MS + 1)).toEqual({ ok: false, code: 'reused' });
    expect(await attempt(successor, now + REFRESH_REUSE_GRACE_MS + 1)).toEqual({ ok: false, code: 'revoked' });
  });

  it.runIf(testDbKind() === 'postgresql')('two refreshes under way at once, neither having written: one rotates', async () => {
    const customer = await createCustomer(db);
    const { refreshToken: token } = await issueRefreshToken(db, customer.id, Date.now());
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.searchParams.set('options', `-c search_path=${db.schema ?? 'public'},public`);
    const holder = new pg.Client({ connectionString: url.toString() });
    // Another connection watches: inside the holder's transaction pg_stat_activity would stay a snapshot.
    const watcher = new pg.Client({ connectionString: url.toString() });
    await Promise.all([holder.connect(), watcher.connect()]);
    try {
      await holder.query('begin');
      await holder.query('select 1 from refresh_tokens where token_hash = $1 for update', [hashToken(token)]);
      const racing = [attempt(token), attempt(token)];
      // Both refreshes are under way and blocked: one holds its session's lock and waits to write the token
      // row, the other waits for the session's lock. Neither has written yet.
      for (let waited = 0; ; waited += 20) {
        const { rows } = await watcher.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and (query ilike 'update refresh_tokens%' or query ilike '%from refresh_tokens t join%')`,
        );
        if ((rows[0]?.n ?? 0) >= 2) break;
        if (waited > 10_000) throw new Error('the two refreshes never waited for the row lock');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await holder.query('commit');
      await expectOneRotation(token, await Promise.all(racing));
    } finally {
      await Promise.all([holder.end(), watcher.end()]);
    }
  });
});
