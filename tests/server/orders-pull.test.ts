import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderConfirmation, OrderWireDoc } from '../../src/contracts/order';
import { orderTotals, type OrderLine } from '../../src/domain/order/order';
import { seedIfEmpty } from '../../server/seed/seed';
import { loginToken } from './helpers/cart-api';
import { addMember, createBuyer, createCustomer, type TestBuyer, type TestCustomer } from './helpers/factory';
import {
  orderBody as orderBodyFor,
  orderLine,
  orderableProducts,
  placeOrderAs,
  TEST_ADDRESS,
  type OrderableProduct,
  type OrderBody,
} from './helpers/order-api';
import { createTestApp, json, type TestApp } from './helpers/test-app';

/*
 * The buyer's orders as devices pull them (GET /api/bridge/buyer/orders/v1/pull) and an administrator's
 * status change (docs/decisions/020-orders.md). PGlite, and PostgreSQL with TEST_DB=postgresql.
 */

let t: TestApp;
let alice: TestCustomer;
let colleague: TestCustomer;
let outsider: TestCustomer;
let company: TestBuyer;
let tokens: Map<string, string>;
let supplierId: string;
let products: OrderableProduct[];

const address = TEST_ADDRESS;
const orderBody = (lines: OrderLine[]) => orderBodyFor(company.id, supplierId, lines);
const place = (body: OrderBody, who: TestCustomer = alice) => placeOrderAs(t.app, tokens.get(who.id), body);

beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty(t.db, { products: 120 });
  alice = await createCustomer(t.db);
  colleague = await createCustomer(t.db);
  outsider = await createCustomer(t.db);
  company = await createBuyer(t.db);
  await addMember(t.db, company.id, alice.id, true);
  await addMember(t.db, company.id, colleague.id, false);
  tokens = new Map();
  for (const c of [alice, colleague, outsider]) tokens.set(c.id, await loginToken(t.app, c));
  const [chosen, ours] = [...(await orderableProducts(t.db, 5)).entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
  supplierId = chosen;
  products = ours.slice(0, 3);
}, 120_000);

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await t.db.query("update suppliers set minimum_order_cents = 0, data = data - 'payment_methods' where id = $1", [Number(supplierId)]);
});

describe('the buyer’s orders and their status', () => {
  async function pull(who: TestCustomer, after = 0, buyerId = company.id) {
    return t.app.inject({
      method: 'GET',
      url: `/api/bridge/buyer/orders/v1/pull?buyer_id=${buyerId}&after=${after}`,
      headers: { authorization: `Bearer ${tokens.get(who.id)}` },
    });
  }
  const docsOf = (res: { body: string }) => json(res).result as { documents: OrderWireDoc[]; checkpoint: { seq: number } };

  it('shows a user their own orders and a super user everyone’s, nobody else’s buyer, newest change last', async () => {
    const mine = orderBody([orderLine(products[0]!, 1)]);
    const theirs = orderBody([orderLine(products[1]!, 1)]);
    expect((await place(mine)).statusCode).toBe(200);
    expect((await place(theirs, colleague)).statusCode).toBe(200);
    const superUser = docsOf(await pull(alice));
    const ids = superUser.documents.map((d) => d.order_id);
    expect(ids).toEqual(expect.arrayContaining([mine.order.order_id, theirs.order.order_id]));
    const own = docsOf(await pull(colleague)).documents;
    expect(own.map((d) => d.order_id)).toContain(theirs.order.order_id);
    expect(own.map((d) => d.order_id)).not.toContain(mine.order.order_id);
    expect(own.every((d) => d.customer_id === colleague.id)).toBe(true);
    expect((await pull(outsider)).statusCode).toBe(403);
    const doc = superUser.documents.find((d) => d.order_id === mine.order.order_id)!;
    expect(doc).toMatchObject({
      buyer_id: company.id,
      customer_id: alice.id,
      hash: mine.order.hash,
      status: 'pending',
      supplier_id: supplierId,
      payment_method: 2,
      placed_at: mine.order.created_at,
      comment: mine.order.comment,
      address: { ...address },
      lines: mine.order.lines,
      totals: orderTotals(mine.order.lines),
      selected_address_id: null,
    });
    expect(doc.customer_name).toMatch(/\S/);
    // Pulling from the checkpoint returns nothing new.
    expect(docsOf(await pull(alice, superUser.checkpoint.seq)).documents).toEqual([]);
  });

  it('lets an administrator move an order on, which the buyer pulls; nobody else may (403), an unknown order is 404', async () => {
    const body = orderBody([orderLine(products[2]!, 1)]);
    const confirmation = json(await place(body)).result as OrderConfirmation;
    const { checkpoint } = docsOf(await pull(alice));
    const admin = await createCustomer(t.db, { isAdmin: true });
    const adminToken = await loginToken(t.app, admin);
    const move = (token: string, id: string, status: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/orders/${id}/status`,
        headers: { authorization: `Bearer ${token}` },
        payload: { status },
      });
    expect((await move(tokens.get(alice.id)!, confirmation.backend_order_id, 'canceled')).statusCode).toBe(403);
    expect((await move(adminToken, confirmation.backend_order_id, 'shipped')).statusCode).toBe(400);
    expect((await move(adminToken, '999999999', 'accepted')).statusCode).toBe(404);
    expect((await move(adminToken, confirmation.backend_order_id, 'accepted')).statusCode).toBe(200);
    const after = docsOf(await pull(alice, checkpoint.seq)).documents;
    expect(after.map((d) => [d.order_id, d.status])).toEqual([[body.order.order_id, 'accepted']]);
    // The placement's answer stays what it was: a repeat still gets the first confirmation.
    expect(json(await place(body)).result).toEqual(confirmation);
  });
});
