import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLineDoc, CartTotalsResult } from '../../src/contracts/cart';
import { M } from '../../src/contracts/messages';
import { DEFAULT_SHIPPING } from '../../src/domain/cart/totals';
import { seedIfEmpty } from '../../server/seed/seed';
import { addMember, createBuyer, createCustomer, type TestBuyer, type TestCustomer } from './helpers/factory';
import { cartClient, loginToken, type CartClient } from './helpers/cart-api';
import { createTestApp, json, type TestApp } from './helpers/test-app';

/** cart/shipping-methods and cart/shipping-information (docs/decisions/018-cart.md "Shipping"). */

let t: TestApp;
let alice: TestCustomer;
let outsider: TestCustomer;
let company: TestBuyer;
let otherCompany: TestBuyer;
let products: { sku: string; supplier_id: string; price: number }[];

const login = (customer: TestCustomer) => loginToken(t.app, customer);
const client = (token: string, buyerId: string) => cartClient(t.app, token, buyerId);
type Client = CartClient;

function line(index: number, qty: number): CartLineDoc {
  const p = products[index]!;
  return {
    id: randomUUID(),
    sku: p.sku,
    supplier_id: p.supplier_id,
    qty,
    price: p.price,
    tax_rate: 13,
    name: p.sku,
    type_id: 'simple',
    updated_at: Date.now(),
    _deleted: false,
  };
}

async function push(c: Client, docs: CartLineDoc[]): Promise<void> {
  const res = await c.post('v1/lines/push', { rows: docs.map((d) => ({ newDocumentState: d })) });
  expect(res.statusCode, res.body).toBe(200);
}

async function emptyCart(c: Client): Promise<void> {
  const { lines } = json(await c.get('pull')).result as { lines: CartLineDoc[] };
  const res = await c.post('v1/lines/push', {
    rows: lines.map((d) => ({ newDocumentState: { ...d, _deleted: true, updated_at: d.updated_at + 1 }, assumedMasterState: d })),
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty(t.db, { products: 40 });
  alice = await createCustomer(t.db);
  outsider = await createCustomer(t.db);
  company = await createBuyer(t.db);
  otherCompany = await createBuyer(t.db);
  await addMember(t.db, company.id, alice.id, true);
  await addMember(t.db, otherCompany.id, alice.id, false);
  const rows = await t.db.query<{ sku: string; supplier_id: number; price_cents: number }>(
    "select sku, supplier_id, price_cents from products where type_id = 'simple' and parent_sku is null order by supplier_id, sku limit 5",
  );
  products = rows.map((r) => ({ sku: r.sku, supplier_id: String(r.supplier_id), price: r.price_cents }));
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('shipping', () => {
  const address = {
    firstname: 'Ελένη',
    lastname: 'Παππά',
    company: 'Παππάς ΑΕ',
    street: ['Λεωφόρος Κηφισίας 12', 'Κτίριο Β'],
    city: 'Αθήνα',
    postcode: '115 26',
    telephone: '2101234567',
  };

  it('offers standard delivery to a Greek address and refuses a foreign or malformed one with the field message', async () => {
    const c = client(await login(alice), company.id);
    const res = await c.post('shipping-methods', { address });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).result).toEqual([
      expect.objectContaining({ method_code: 'standard', carrier_code: 'standard', amount: DEFAULT_SHIPPING.amount, default: true }),
    ]);
    const foreign = await c.post('shipping-methods', { address: { ...address, country_id: 'DE' } });
    expect(foreign.statusCode).toBe(400);
    expect(JSON.stringify(json(foreign).errors)).toContain(M.addressInvalid);
    const badPostcode = await c.post('shipping-methods', { address: { ...address, postcode: '01234' } });
    expect(badPostcode.statusCode).toBe(400);
    expect(JSON.stringify(json(badPostcode).errors)).toContain(M.postcodeFormat);
    for (const bad of [
      { ...address, street: [] },
      { ...address, street: ['a', 'b', 'c'] },
      { ...address, city: 'x'.repeat(101) },
      { ...address, extra: 1 },
    ]) {
      expect((await c.post('shipping-methods', { address: bad })).statusCode).toBe(400);
    }
    expect((await client(await login(outsider), company.id).post('shipping-methods', { address })).statusCode).toBe(403);
  });

  it('shipping information keeps the address and method per customer and buyer and answers totals and payment methods', async () => {
    const c = client(await login(alice), company.id);
    await push(c, [line(0, 3)]);
    const body = { addressInformation: { shipping_address: address, shipping_method_code: 'standard', shipping_carrier_code: 'standard' } };
    const res = await c.post('shipping-information', body);
    expect(res.statusCode, res.body).toBe(200);
    const result = json(res).result as { totals: CartTotalsResult; payment_methods: { supplier_id: string; methods: number[] }[] };
    expect(result.totals).toEqual(json(await c.get('totals')).result);
    expect(result.payment_methods).toEqual(json(await c.get('payment-methods')).result);
    expect(result.payment_methods.map((p) => p.supplier_id)).toEqual([products[0]!.supplier_id]);
    const [stored] = await t.db.query<{ address: { postcode: string; country_id: string }; method_code: string }>(
      'select address, method_code from cart_shipping where customer_id = $1 and buyer_id = $2',
      [alice.id, company.id],
    );
    expect(stored).toMatchObject({ method_code: 'standard', address: { postcode: '11526', country_id: 'GR' } });

    const unknownMethod = await c.post('shipping-information', {
      addressInformation: { ...body.addressInformation, shipping_method_code: 'teleport' },
    });
    expect(unknownMethod.statusCode).toBe(400);
    expect(json(unknownMethod).errors).toEqual([{ description: M.shippingMethodUnknown }]);
    // Another buyer's cart and an outsider are not touched or let in.
    expect(await t.db.query('select 1 from cart_shipping where buyer_id = $1', [otherCompany.id])).toHaveLength(0);
    expect((await client(await login(outsider), company.id).post('shipping-information', body)).statusCode).toBe(403);
    await emptyCart(c);
  });
});
