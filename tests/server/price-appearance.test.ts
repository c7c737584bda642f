import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../src/contracts/auth';
import { createCustomer } from './helpers/factory';
import { openTestSession } from './helpers/session';
import { createTestApp, json, type TestApp } from './helpers/test-app';

/** The customer's price appearance (with or without VAT): their own, saved on the bridge, read back with the profile. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const change = (token: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/client/user/show-prices-with-vat/change',
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    payload: payload as object,
  });

describe('price appearance', () => {
  it('saves the choice for the signed-in customer only, and answers the profile as it now is', async () => {
    const [me, other] = [await createCustomer(t.db), await createCustomer(t.db)];
    const token = (await openTestSession(t.db, me.id)).token;
    const res = await change(token, { show_prices_with_vat: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((json(res).result as Customer).show_prices_with_vat).toBe(true);
    const me2 = await t.app.inject({ method: 'GET', url: '/api/bridge/user/me', headers: { authorization: `Bearer ${token}` } });
    expect((json(me2).result as Customer).show_prices_with_vat).toBe(true);
    const [row] = await t.db.query<{ show_prices_with_vat: boolean }>('select show_prices_with_vat from customers where id = $1', [
      other.id,
    ]);
    expect(row?.show_prices_with_vat).toBe(false);
    expect((await change(token, { show_prices_with_vat: false })).statusCode).toBe(200);
  });

  it('refuses a body that is not just the choice, and callers without a session', async () => {
    const me = await createCustomer(t.db);
    const token = (await openTestSession(t.db, me.id)).token;
    expect((await change(token, { show_prices_with_vat: 'yes' })).statusCode).toBe(400);
    expect((await change(token, { show_prices_with_vat: true, customer_id: 'someone-else' })).statusCode).toBe(400);
    expect((await change(undefined, { show_prices_with_vat: true })).statusCode).toBe(401);
  });
});
