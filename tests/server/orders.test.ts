import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartLineDoc } from '../../src/contracts/cart';
import { M } from '../../src/contracts/messages';
import type { OrderConfirmation, OrderProblem } from '../../src/contracts/order';
import { orderTotals, type OrderContent, type OrderLine } from '../../src/domain/order/order';
import { seedIfEmpty } from '../../server/seed/seed';
import { cartClient, loginToken } from './helpers/cart-api';
import { addMember, createBuyer, createCustomer, type TestBuyer, type TestCustomer } from './helpers/factory';
import {
  countOrders,
  orderBody as orderBodyFor,
  orderLine,
  orderableProducts,
  placeOrderAs,
  type OrderableProduct,
  type OrderBody,
} from './helpers/order-api';
import { createTestApp, json, type TestApp } from './helpers/test-app';

/*
 * POST /api/bridge/buyer/order (docs/decisions/020-orders.md): every order stored exactly once under the
 * device's order id, whatever is repeated, lost or raced; checked against the bridge's own catalogue; its
 * lines taken from the server cart in the same transaction. Runs on PGlite and, with TEST_DB=postgresql, on
 * PostgreSQL, where concurrent requests really run at once.
 */

let t: TestApp;
let alice: TestCustomer;
let colleague: TestCustomer;
let outsider: TestCustomer;
let company: TestBuyer;
let tokens: Map<string, string>;
let supplierId: string;
let otherSupplierProduct: string;
let products: OrderableProduct[];
type Product = OrderableProduct;

const orderBody = (lines: OrderLine[], over: Partial<OrderContent> = {}, buyerId = company.id) =>
  orderBodyFor(buyerId, supplierId, lines, over);
type Body = OrderBody;
const place = (body: Body, who: TestCustomer = alice) => placeOrderAs(t.app, tokens.get(who.id), body);
const ordersOf = (orderId: string) => countOrders(t.db, orderId);

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
  // Products that can be ordered in tens, of the supplier with the most of them.
  const bySupplier = await orderableProducts(t.db, 20);
  const [chosen, ours] = [...bySupplier.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
  supplierId = chosen;
  otherSupplierProduct = [...bySupplier.entries()].find(([id]) => id !== chosen)![1][0]!.sku;
  products = ours.slice(0, 4);
  expect(products).toHaveLength(4);
}, 120_000);

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await t.db.query("update suppliers set minimum_order_cents = 0, status = 'active', data = data - 'payment_methods' where id = $1", [
    Number(supplierId),
  ]);
});

describe('placing an order', () => {
  it('stores it once, answers its confirmation with the totals, and takes its lines from the server cart', async () => {
    const cart = cartClient(t.app, tokens.get(alice.id)!, company.id);
    const [a, b, c] = products as [Product, Product, Product];
    const docs: CartLineDoc[] = [
      [a, 2],
      [b, 5],
      [c, 1],
    ].map(([p, qty]) => ({
      id: randomUUID(),
      sku: (p as Product).sku,
      supplier_id: supplierId,
      qty: qty as number,
      price: (p as Product).price,
      tax_rate: (p as Product).taxRate,
      name: (p as Product).name,
      type_id: 'simple' as const,
      updated_at: Date.now(),
      _deleted: false,
    }));
    expect((await cart.post('v1/lines/push', { rows: docs.map((d) => ({ newDocumentState: d })) })).statusCode).toBe(200);
    expect(
      (
        await cart.post('v1/suppliers/push', {
          rows: [
            {
              newDocumentState: {
                supplier_id: supplierId,
                payment_method: 2,
                comment: 'x',
                excluded: false,
                updated_at: Date.now(),
                _deleted: false,
              },
            },
          ],
        })
      ).statusCode,
    ).toBe(200);

    // The order takes 2 of a (all), 3 of b (the bridge holds 5: another device raised it), and leaves c.
    const body = orderBody([orderLine(a, 2, docs[0]!.id), orderLine(b, 3, docs[1]!.id)]);
    const res = await place(body);
    expect(res.statusCode, res.body).toBe(200);
    const confirmation = json(res).result as OrderConfirmation;
    expect(confirmation).toMatchObject({
      order_id: body.order.order_id,
      hash: body.order.hash,
      status: 'pending',
      supplier_id: supplierId,
      payment_method: 2,
    });
    expect(confirmation.backend_order_id).toMatch(/^\d+$/);
    expect(confirmation.totals).toEqual(orderTotals(body.order.lines));
    expect(await ordersOf(body.order.order_id)).toBe(1);

    const pulled = json(await cart.get('pull')).result as { lines: CartLineDoc[]; suppliers: unknown[] };
    expect(pulled.lines.map((l) => [l.sku, l.qty]).sort()).toEqual(
      [
        [b.sku, 2],
        [c.sku, 1],
      ].sort(),
    );
    // The supplier still has lines, so its payment choice stays.
    expect(pulled.suppliers).toHaveLength(1);
  });

  it('drops the supplier’s payment choice and comment when its last line is ordered', async () => {
    const cart = cartClient(t.app, tokens.get(colleague.id)!, company.id);
    const d = products[3]!;
    const doc: CartLineDoc = {
      id: randomUUID(),
      sku: d.sku,
      supplier_id: supplierId,
      qty: 4,
      price: d.price,
      tax_rate: d.taxRate,
      name: d.name,
      type_id: 'simple',
      updated_at: Date.now(),
      _deleted: false,
    };
    await cart.post('v1/lines/push', { rows: [{ newDocumentState: doc }] });
    await cart.post('v1/suppliers/push', {
      rows: [
        {
          newDocumentState: {
            supplier_id: supplierId,
            payment_method: 1,
            comment: 'y',
            excluded: false,
            updated_at: Date.now(),
            _deleted: false,
          },
        },
      ],
    });
    const res = await place(orderBody([orderLine(d, 4, doc.id)], { payment_method: 1 }), colleague);
    expect(res.statusCode, res.body).toBe(200);
    const pulled = json(await cart.get('pull')).result as { lines: CartLineDoc[]; suppliers: unknown[] };
    expect(pulled).toMatchObject({ lines: [], suppliers: [] });
  });

  it('answers a repeat with the first confirmation, even after the catalogue changed the price', async () => {
    const p = products[0]!;
    const body = orderBody([orderLine(p, 1)]);
    const first = json(await place(body)).result as OrderConfirmation;
    await t.db.query('update products set price_cents = price_cents + 100 where sku = $1', [p.sku]);
    try {
      const again = await place(body);
      expect(again.statusCode, again.body).toBe(200);
      expect(json(again).result).toEqual(first);
      expect(await ordersOf(body.order.order_id)).toBe(1);
    } finally {
      await t.db.query('update products set price_cents = price_cents - 100 where sku = $1', [p.sku]);
    }
  });

  it('stores one order when the same order arrives many times at once', async () => {
    const body = orderBody([orderLine(products[1]!, 1)]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => place(body)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((r) => (json(r).result as OrderConfirmation).backend_order_id)).size).toBe(1);
    expect(await ordersOf(body.order.order_id)).toBe(1);
  });

  it('stores it once when the answer is lost after the bridge committed, and the device sends it again', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = orderBody([orderLine(products[2]!, 2)]);
    const payload = JSON.stringify(body);
    // The connection drops before the answer arrives: the client destroys it as soon as the body is sent.
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/bridge/buyer/order',
        headers: {
          authorization: `Bearer ${tokens.get(alice.id)}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.end(payload, () => setTimeout(() => req.destroy(), 5));
    });
    for (let waited = 0; waited < 5000 && (await ordersOf(body.order.order_id)) === 0; waited += 25)
      await new Promise((r) => setTimeout(r, 25));
    expect(await ordersOf(body.order.order_id)).toBe(1);
    const resent = await place(body);
    expect(resent.statusCode, resent.body).toBe(200);
    expect((json(resent).result as OrderConfirmation).order_id).toBe(body.order.order_id);
    expect(await ordersOf(body.order.order_id)).toBe(1);
  });
});

describe('refusals', () => {
  it('refuses the same id with other content, and a colleague replaying someone else’s id (409)', async () => {
    const body = orderBody([orderLine(products[0]!, 1)]);
    expect((await place(body)).statusCode).toBe(200);
    const changed = orderBody([orderLine(products[0]!, 2)]);
    changed.order.order_id = body.order.order_id;
    const res = await place(changed);
    expect(res.statusCode).toBe(409);
    expect(json(res).errors?.[0]?.description).toBe(M.orderIdReused);
    expect((await place(body, colleague)).statusCode).toBe(409);
    expect(await ordersOf(body.order.order_id)).toBe(1);
  });

  it('refuses an order whose hash does not match its content, or that repeats a line (400)', async () => {
    const body = orderBody([orderLine(products[0]!, 1)]);
    const tampered = { ...body, order: { ...body.order, lines: [{ ...body.order.lines[0]!, qty: 2 }] } };
    const res = await place(tampered);
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe(400);
    const line = orderLine(products[0]!, 1);
    expect((await place(orderBody([line, line]))).statusCode).toBe(400);
    expect(await ordersOf(body.order.order_id)).toBe(0);
  });

  it('refuses a hash made for another buyer', async () => {
    const other = await createBuyer(t.db);
    const body = orderBody([orderLine(products[0]!, 1)], {}, other.id);
    body.buyer_id = company.id;
    expect((await place(body)).statusCode).toBe(400);
  });

  it('lets only users of the buyer place its orders (403), and needs a session (401)', async () => {
    const body = orderBody([orderLine(products[0]!, 1)]);
    expect((await place(body, outsider)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/bridge/buyer/order', payload: body });
    expect(anonymous.statusCode).toBe(401);
    expect(await ordersOf(body.order.order_id)).toBe(0);
  });

  it('answers 422 with every problem and stores nothing', async () => {
    const [a, b] = products as [Product, Product];
    await t.db.query('update suppliers set minimum_order_cents = 10000000 where id = $1', [Number(supplierId)]);
    const body = orderBody(
      [
        { ...orderLine(a, 1), price: a.price + 1 },
        orderLine(b, b.stock + 1),
        { ...orderLine(a, 1), sku: otherSupplierProduct },
        { ...orderLine(a, 1), sku: 'NO-SUCH-SKU' },
      ],
      { payment_method: 3, shipping_method_code: 'drone' },
    );
    const res = await place(body);
    expect(res.statusCode, res.body).toBe(422);
    expect(json(res).errors?.[0]?.description).toBe(M.orderNeedsChanges);
    const problems = (json(res).meta as { problems: OrderProblem[] }).problems;
    const [first, second, third, fourth] = body.order.lines as [OrderLine, OrderLine, OrderLine, OrderLine];
    expect(problems).toEqual(
      expect.arrayContaining([
        {
          kind: 'price_changed',
          line_id: first.line_id,
          sku: a.sku,
          old_price: a.price + 1,
          new_price: a.price,
          old_tax_rate: a.taxRate,
          new_tax_rate: a.taxRate,
        },
        { kind: 'out_of_stock', line_id: second.line_id, sku: b.sku, available: b.stock },
        { kind: 'product_unavailable', line_id: third.line_id, sku: otherSupplierProduct },
        { kind: 'product_unavailable', line_id: fourth.line_id, sku: 'NO-SUCH-SKU' },
        { kind: 'minimum_not_reached', supplier_id: supplierId, missing: expect.any(Number) },
        { kind: 'payment_not_allowed', supplier_id: supplierId, payment_method: 3 },
        { kind: 'shipping_method_unknown', shipping_method_code: 'drone' },
      ]),
    );
    expect(problems).toHaveLength(7);
    expect(await ordersOf(body.order.order_id)).toBe(0);
  });

  it('refuses a supplier that is locked, and a method the supplier does not take; credit once terms are approved', async () => {
    const body = orderBody([orderLine(products[0]!, 1)], { payment_method: 3 });
    expect((json(await place(body)).meta as { problems: OrderProblem[] }).problems).toEqual([
      { kind: 'payment_not_allowed', supplier_id: supplierId, payment_method: 3 },
    ]);
    await t.db.query("insert into credit_terms (buyer_id, supplier_id, status) values ($1, $2, 'approved')", [company.id, supplierId]);
    try {
      expect((await place(body)).statusCode).toBe(200);
    } finally {
      await t.db.query('delete from credit_terms where buyer_id = $1', [company.id]);
    }
    await t.db.query(`update suppliers set data = data || '{"payment_methods": [1]}'::jsonb where id = $1`, [Number(supplierId)]);
    const cash = orderBody([orderLine(products[0]!, 1)], { payment_method: 2 });
    expect((json(await place(cash)).meta as { problems: OrderProblem[] }).problems).toEqual([
      { kind: 'payment_not_allowed', supplier_id: supplierId, payment_method: 2 },
    ]);
    await t.db.query("update suppliers set status = 'locked' where id = $1", [Number(supplierId)]);
    const locked = orderBody([orderLine(products[0]!, 1)], { payment_method: 1 });
    expect((json(await place(locked)).meta as { problems: OrderProblem[] }).problems).toEqual([
      { kind: 'supplier_unavailable', supplier_id: supplierId },
    ]);
  });

  it('takes an order the buyer fixed after a 422 under the same id', async () => {
    const a = products[0]!;
    const stale = orderBody([{ ...orderLine(a, 1), price: a.price + 5 }]);
    const refused = await place(stale);
    expect(refused.statusCode).toBe(422);
    const fixed = orderBody([{ ...stale.order.lines[0]!, price: a.price }]);
    fixed.order.order_id = stale.order.order_id;
    expect((await place(fixed)).statusCode).toBe(200);
    expect(await ordersOf(stale.order.order_id)).toBe(1);
  });
});

describe('who the order is invoiced to and where it came from', () => {
  const billing = {
    company: 'Ταβέρνα Ο Μύλος ΟΕ',
    afm: '094014201',
    tax_office: 'ΔΟΥ Α΄ Αθηνών',
    street: 'Πειραιώς 100',
    city: 'Αθήνα',
    postcode: '11854',
  };

  it('keeps the billing details the order names, and refuses ones that break the rules (a wrong check digit)', async () => {
    const body = orderBody([orderLine(products[0]!, 1)], { billing });
    expect((await place(body)).statusCode).toBe(200);
    const [row] = await t.db.query<{ content: { billing?: unknown } }>('select content from orders where order_id = $1', [
      body.order.order_id,
    ]);
    expect(row?.content.billing).toEqual(billing);
    const wrong = orderBody([orderLine(products[0]!, 1)], { billing: { ...billing, afm: '094014202' } });
    const refused = await place(wrong);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(json(refused))).toContain(M.taxNumberInvalid);
    expect(await ordersOf(wrong.order.order_id)).toBe(0);
  });

  it('keeps the saved address an order names only when it is the buyer’s', async () => {
    const other = await createBuyer(t.db);
    const insert = (id: string, buyerId: string) =>
      t.db.query(
        `insert into addresses (id, buyer_id, alias, firstname, lastname, street, street_number, city, postcode, region, phone)
         values ($1, $2, 'Έδρα', 'Νίκος', 'Παππάς', 'Τσιμισκή', '24', 'Θεσσαλονίκη', '54624', '', '2310123456')`,
        [id, buyerId],
      );
    await insert(`${company.id}-own`, company.id);
    await insert(`${other.id}-theirs`, other.id);
    const stored = async (selected: string) => {
      const body = { ...orderBody([orderLine(products[1]!, 1)]), selected_address_id: selected };
      expect((await place(body)).statusCode).toBe(200);
      const [row] = await t.db.query<{ content: { selected_address_id: string | null } }>(
        'select content from orders where order_id = $1',
        [body.order.order_id],
      );
      return row?.content.selected_address_id;
    };
    expect(await stored(`${company.id}-own`)).toBe(`${company.id}-own`);
    expect(await stored(`${other.id}-theirs`)).toBeNull();
  });
});
