import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityResult, SwitchAddressResult } from '../../src/contracts/availability';
import type { CartLineDoc } from '../../src/contracts/cart';
import { M } from '../../src/contracts/messages';
import { seedIfEmpty } from '../../server/seed/seed';
import { cartClient, loginToken } from './helpers/cart-api';
import { addMember, createBuyer, createCustomer, type TestBuyer, type TestCustomer } from './helpers/factory';
import { orderableProducts, orderBody, orderLine, placeOrderAs, type OrderableProduct } from './helpers/order-api';
import { createTestApp, json, type TestApp } from './helpers/test-app';

/*
 * The calls for a changed delivery address (docs/product-rules.md §7): an order's products checked against
 * today's catalogue and another address, and the cart moved to another of the buyer's addresses. Only the
 * buyer's own addresses and (for a plain user) their own orders; the catalogue is changed to make each answer.
 */

let t: TestApp;
let owner: TestCustomer;
let colleague: TestCustomer;
let company: TestBuyer;
let other: TestBuyer;
let tokens: Map<string, string>;
let supplierId: string;
let products: OrderableProduct[];

const insertAddress = (id: string, buyerId: string, postcode = '54624') =>
  t.db.query(
    `insert into addresses (id, buyer_id, alias, firstname, lastname, street, street_number, city, postcode, region, phone)
     values ($1, $2, 'Έδρα', 'Νίκος', 'Παππάς', 'Τσιμισκή', '24', 'Θεσσαλονίκη', $3, '', '2310123456')`,
    [id, buyerId, postcode],
  );

beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty(t.db, { products: 120 });
  [owner, colleague] = [await createCustomer(t.db), await createCustomer(t.db)];
  company = await createBuyer(t.db);
  other = await createBuyer(t.db);
  await addMember(t.db, company.id, owner.id, true);
  await addMember(t.db, company.id, colleague.id, false);
  tokens = new Map([
    [owner.id, await loginToken(t.app, owner)],
    [colleague.id, await loginToken(t.app, colleague)],
  ]);
  const [chosen, list] = [...(await orderableProducts(t.db, 20)).entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
  supplierId = chosen;
  products = list.slice(0, 3);
  await t.db.query("update suppliers set minimum_order_cents = 0, data = data - 'payment_methods' where id = $1", [Number(supplierId)]);
  await insertAddress(`${company.id}-shop`, company.id, '10563');
  await insertAddress(`${company.id}-store`, company.id, '54624');
  await insertAddress(`${company.id}-broken`, company.id, '00000');
  await insertAddress(`${other.id}-theirs`, other.id);
}, 120_000);

afterAll(async () => {
  await t.close();
});

const get = (who: TestCustomer, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.get(who.id)!}` } });

async function withStock<T>(sku: string, qty: number, work: () => Promise<T>): Promise<T> {
  const [row] = await t.db.query<{ data: unknown }>('select data from products where sku = $1', [sku]);
  await t.db.query(`update products set data = jsonb_set(data, '{stock,qty}', $2::jsonb) where sku = $1`, [sku, JSON.stringify(qty)]);
  try {
    return await work();
  } finally {
    await t.db.query('update products set data = $2 where sku = $1', [sku, row!.data]);
  }
}

describe('checking an order’s products for another address', () => {
  it('answers line by line against today’s stock and catalogue, for the buyer’s own addresses and orders only', async () => {
    const [a, b, c] = products as [OrderableProduct, OrderableProduct, OrderableProduct];
    const body = orderBody(company.id, supplierId, [orderLine(a, 5), orderLine(b, 5), orderLine(c, 1)]);
    expect((await placeOrderAs(t.app, tokens.get(owner.id), body)).statusCode).toBe(200);
    const url = (address?: string, orderId = body.order.order_id) =>
      `/api/client/buyers/${company.id}/order/check-product-availability?order_id=${orderId}${address ? `&new_address_id=${address}` : ''}`;

    const [cStatus] = await t.db.query<{ status: number }>('select status from products where sku = $1', [c.sku]);
    await t.db.query('update products set status = 2 where sku = $1', [c.sku]);
    try {
      const answer = await withStock(b.sku, 2, () => get(owner, url(`${company.id}-store`)));
      expect(answer.statusCode, answer.body).toBe(200);
      const result = json(answer).result as AvailabilityResult;
      expect(result).toMatchObject({ order_id: body.order.order_id, address_id: `${company.id}-store`, deliverable: true });
      expect(result.lines.map((l) => [l.sku, l.available, l.max_qty])).toEqual([
        [a.sku, 'yes', null],
        [b.sku, 'partly', 2],
        [c.sku, 'no', 0],
      ]);
      expect(result.problems.map((p) => p.kind).sort()).toEqual(['out_of_stock', 'product_unavailable']);
    } finally {
      await t.db.query('update products set status = $2 where sku = $1', [c.sku, cStatus!.status]);
    }
    // The order's own address when none is named.
    expect((json(await get(owner, url())).result as AvailabilityResult).address_id).toBeNull();

    // Another company's address, an order nobody placed, someone else's order for a plain user: as if unknown.
    const theirs = await get(owner, url(`${other.id}-theirs`));
    expect(theirs.statusCode).toBe(404);
    expect(json(theirs).errors?.[0]?.description).toBe(M.addressNotFound);
    expect((await get(owner, url(undefined, randomUUID()))).statusCode).toBe(404);
    expect((await get(colleague, url())).statusCode).toBe(404);
    const outsider = await createCustomer(t.db);
    tokens.set(outsider.id, await loginToken(t.app, outsider));
    expect((await get(outsider, url())).statusCode).toBe(403);
    expect((await get(owner, url(`${company.id}-broken`))).statusCode).toBe(422);
  });
});

describe('switching the cart’s address', () => {
  it('moves the cart to another of the buyer’s addresses and says what cannot be delivered there as it is', async () => {
    const [a, b] = products as [OrderableProduct, OrderableProduct];
    const cart = cartClient(t.app, tokens.get(colleague.id)!, company.id);
    const docs: CartLineDoc[] = [a, b].map((p) => ({
      id: randomUUID(),
      sku: p.sku,
      supplier_id: supplierId,
      qty: 4,
      price: p.price,
      tax_rate: p.taxRate,
      name: p.name,
      type_id: 'simple' as const,
      updated_at: Date.now(),
      _deleted: false,
    }));
    expect((await cart.post('v1/lines/push', { rows: docs.map((d) => ({ newDocumentState: d })) })).statusCode).toBe(200);
    const shippingPostcode = async () =>
      (
        await t.db.query<{ postcode: string }>(
          "select address->>'postcode' as postcode from cart_shipping where customer_id = $1 and buyer_id = $2",
          [colleague.id, company.id],
        )
      )[0]?.postcode;
    const base = `/api/client/buyers/${company.id}/cart/switch-address`;

    const moved = await withStock(b.sku, 1, () =>
      get(colleague, `${base}?current_address_id=${company.id}-shop&new_address_id=${company.id}-store`),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const result = json(moved).result as SwitchAddressResult;
    expect(result.address_id).toBe(`${company.id}-store`);
    expect(result.totals.grand_total).toBeGreaterThan(0);
    expect(result.problems).toEqual([{ kind: 'out_of_stock', line_id: docs[1]!.id, sku: b.sku, available: 1 }]);
    expect(await shippingPostcode()).toBe('54624');

    // Only the lines named (POST), checked against the new address.
    const some = await withStock(b.sku, 1, () =>
      t.app.inject({
        method: 'POST',
        url: base,
        headers: { authorization: `Bearer ${tokens.get(colleague.id)!}` },
        payload: { new_address_id: `${company.id}-shop`, cartItems: [docs[0]!.id] },
      }),
    );
    expect(some.statusCode, some.body).toBe(200);
    expect((json(some).result as SwitchAddressResult).problems).toEqual([]);
    expect(await shippingPostcode()).toBe('10563');

    // Another company's address, as the new or the current one: 404, and the cart stays where it was.
    expect((await get(colleague, `${base}?new_address_id=${other.id}-theirs`)).statusCode).toBe(404);
    expect((await get(colleague, `${base}?current_address_id=${other.id}-theirs&new_address_id=${company.id}-store`)).statusCode).toBe(404);
    expect((await get(colleague, `${base}?new_address_id=${company.id}-broken`)).statusCode).toBe(422);
    expect((await get(colleague, `${base}?new_address_id=../x`)).statusCode).toBe(400);
    expect(await shippingPostcode()).toBe('10563');
  });
});
