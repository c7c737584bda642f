import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/services/secure-token';
import { issueRefreshToken, RefreshTokenError, rotateRefreshToken } from '../../server/services/refresh-tokens';
import { createCustomer } from './helpers/factory';
import { openTestDb, testDbKind, type TestDb } from './helpers/test-db';

/**
 * Two refreshes with one token at the same moment: exactly one may win. The check that the token is unused
 * must be part of the write (a conditional update), not a read followed by a write, or both win and a thief
 * holding a copy of the token keeps a session. On PostgreSQL the race is forced: a third connection holds the
 * token's row lock until both refreshes are under way and blocked, neither having written.
 */

let db: TestDb;

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  await db.dispose();
});

type Outcome = { ok: true; refreshToken: string } | { ok: false; code: string };

async function attempt(token: string): Promise<Outcome> {
  try {
    const rotated = await rotateRefreshToken(db, token, Date.now());
    return { ok: true, refreshToken: rotated.refreshToken };
  } catch (error) {
    if (error instanceof RefreshTokenError) return { ok: false, code: error.code };
    throw error;
  }
}

function expectOneWinner(outcomes: Outcome[]): string {
  const winners = outcomes.filter((o): o is Extract<Outcome, { ok: true }> => o.ok);
  expect(winners).toHaveLength(1);
  // The first loser finds the token used and revokes the family; later ones may find it revoked already.
  for (const o of outcomes) if (!o.ok) expect(['reused', 'revoked']).toContain(o.code);
  expect(outcomes.some((o) => !o.ok && o.code === 'reused')).toBe(true);
  return winners[0]?.refreshToken ?? '';
}

describe('refresh token reuse under concurrency', () => {
  it('of eight simultaneous refreshes with one token, one wins and the reuse revokes the family', async () => {
    const customer = await createCustomer(db);
    const { refreshToken: token } = await issueRefreshToken(db, customer.id, Date.now());
    const successor = expectOneWinner(await Promise.all(Array.from({ length: 8 }, () => attempt(token))));
    expect(await attempt(successor)).toEqual({ ok: false, code: 'revoked' });
  });

  it.runIf(testDbKind() === 'postgresql')('two refreshes under way at once, neither having written: one wins', async () => {
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
      expectOneWinner(await Promise.all(racing));
    } finally {
      await Promise.all([holder.end(), watcher.end()]);
    }
  });
});
