import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, PRODUCTION_SCRYPT_COST, SCRYPT_COST, scryptCostFor, verifyPassword } from '../../server/services/password-hash';
import { createCustomer } from './helpers/factory';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Password hashes carry their scrypt cost (`scrypt$N$r$p$salt$hash`). Today's cost is the OWASP minimum
 * N=2^17, r=8, p=1; a hash stored with an older cost still verifies and is rewritten at the next login.
 */
let t: TestApp;
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Older than today's cost, whatever the test runner lowered it to. */
const OLD_COST = { n: SCRYPT_COST.n / 2, r: 8, p: 1 };
const PASSWORD = 'Old#Cost99';

function login(username: string, password: string) {
  ipCounter += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/client/user/login',
    payload: { username, password },
    remoteAddress: `10.70.0.${ipCounter}`,
  });
}

async function storedHash(id: string): Promise<string> {
  const [row] = await t.db.query<{ password_hash: string }>('select password_hash from customers where id = $1', [id]);
  return row?.password_hash ?? '';
}

async function customerWithOldHash(): Promise<{ id: string; email: string; oldHash: string }> {
  const user = await createCustomer(t.db, { password: null });
  const oldHash = await hashPassword(PASSWORD, OLD_COST);
  await t.db.query('update customers set password_hash = $2 where id = $1', [user.id, oldHash]);
  return { id: user.id, email: user.email, oldHash };
}

describe('scrypt cost', () => {
  it('hashes new passwords with N=2^17, r=8, p=1; only the test runner may lower N', async () => {
    expect(PRODUCTION_SCRYPT_COST).toEqual({ n: 131072, r: 8, p: 1 });
    expect(scryptCostFor({})).toEqual(PRODUCTION_SCRYPT_COST);
    expect(scryptCostFor({ SCRYPT_TEST_LOG2_N: '12' })).toEqual(PRODUCTION_SCRYPT_COST);
    expect(scryptCostFor({ VITEST: 'true', SCRYPT_TEST_LOG2_N: '12' })).toEqual({ n: 4096, r: 8, p: 1 });
    for (const refused of ['11', '18', '12.5', 'x', '']) {
      expect(scryptCostFor({ VITEST: 'true', SCRYPT_TEST_LOG2_N: refused })).toEqual(PRODUCTION_SCRYPT_COST);
    }
    const hash = await hashPassword('Any#Pass1', PRODUCTION_SCRYPT_COST);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Any#Pass1', hash)).toBe(true);
    expect(await verifyPassword('Any#Pass2', hash)).toBe(false);
  });

  it('rewrites an old-cost hash at the next successful login, and the new hash still verifies', async () => {
    const user = await customerWithOldHash();
    expect(user.oldHash.startsWith(`scrypt$${OLD_COST.n}$8$1$`)).toBe(true);

    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
    const upgraded = await storedHash(user.id);
    expect(upgraded.startsWith(`scrypt$${SCRYPT_COST.n}$8$1$`)).toBe(true);
    expect(await verifyPassword(PASSWORD, upgraded)).toBe(true);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
    expect(await storedHash(user.id)).toBe(upgraded);
  });

  it('leaves an old-cost hash alone after a failed login', async () => {
    const user = await customerWithOldHash();
    expect((await login(user.email, 'Wrong#Pass1')).statusCode).toBe(401);
    expect(await storedHash(user.id)).toBe(user.oldHash);
  });

  it('refuses (401, not 500) a stored hash whose cost is out of bounds', async () => {
    const user = await customerWithOldHash();
    const absurd = user.oldHash.replace(`scrypt$${OLD_COST.n}$`, 'scrypt$1073741824$');
    await t.db.query('update customers set password_hash = $2 where id = $1', [user.id, absurd]);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(401);
  });
});
