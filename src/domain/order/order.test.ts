import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCartTotals, DEFAULT_SHIPPING } from '../cart/totals';
import { orderHash, orderTotals, ordersFromCart, type CartLineForOrder, type OrderAddress, type OrderContent } from './order';

const address: OrderAddress = {
  firstname: 'Νίκος',
  lastname: 'Παππάς',
  street: ['Ερμού 10'],
  city: 'Αθήνα',
  postcode: '10563',
  country_id: 'GR',
  telephone: '2101234567',
};

const line = (id: string, supplier: string, qty: number, price: number, taxRate = 24): CartLineForOrder => ({
  line_id: id,
  sku: `SKU-${id}`,
  name: `Product ${id}`,
  qty,
  price,
  tax_rate: taxRate,
  type_id: 'simple',
  supplier_id: supplier,
});

const content: OrderContent = {
  buyer_id: 'b-1',
  supplier_id: '7',
  lines: [
    { line_id: 'l-1', sku: 'A', name: 'Ελαιόλαδο', qty: 3, price: 1250, tax_rate: 13, type_id: 'simple' },
    { line_id: 'l-2', sku: 'B', name: 'Ρύζι', qty: 1, price: 399, tax_rate: 13, type_id: 'simple' },
  ],
  payment_method: 2,
  comment: 'Πίσω πόρτα',
  address,
  shipping_method_code: 'standard',
};

describe('orderHash', () => {
  it('is SHA3-224 of the canonical UTF-8 JSON (value checked with Python’s hashlib), pinned: a changed canonical form would make a newer bridge refuse queued orders', () => {
    expect(orderHash(content)).toBe('0753a3feb38799d9b9372e0102b4b4405dfe926d99cae4f90782e2ab');
  });

  it('does not depend on the order of lines or keys', () => {
    const reordered: OrderContent = {
      shipping_method_code: 'standard',
      address: { ...address },
      comment: content.comment,
      payment_method: 2,
      lines: [...content.lines].reverse().map((l) => ({
        type_id: l.type_id,
        tax_rate: l.tax_rate,
        price: l.price,
        qty: l.qty,
        name: l.name,
        sku: l.sku,
        line_id: l.line_id,
      })),
      supplier_id: '7',
      buyer_id: 'b-1',
    };
    expect(orderHash(reordered)).toBe(orderHash(content));
  });

  it('changes with anything the buyer orders', () => {
    const base = orderHash(content);
    const variants: OrderContent[] = [
      { ...content, buyer_id: 'b-2' },
      { ...content, supplier_id: '8' },
      { ...content, payment_method: 1 },
      { ...content, comment: 'Μπροστά' },
      { ...content, shipping_method_code: 'express' },
      { ...content, address: { ...address, postcode: '10564' } },
      { ...content, lines: content.lines.map((l, i) => (i === 0 ? { ...l, qty: 4 } : l)) },
      { ...content, lines: content.lines.map((l, i) => (i === 0 ? { ...l, price: 1249 } : l)) },
      { ...content, lines: content.lines.slice(1) },
    ];
    for (const v of variants) expect(orderHash(v)).not.toBe(base);
  });
});

describe('orderTotals', () => {
  it('equals the cart totals of a cart holding only that supplier’s lines (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            qty: fc.integer({ min: 1, max: 1000 }),
            price: fc.integer({ min: 0, max: 1_000_000 }),
            tax_rate: fc.constantFrom(0, 6, 13, 24),
          }),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        (lines) => {
          const cart = computeCartTotals({
            lines: lines.map((l) => ({ supplierId: 's', qty: l.qty, price: l.price, taxRate: l.tax_rate })),
            shippingPerSupplier: DEFAULT_SHIPPING,
          });
          const order = orderTotals(lines);
          expect(order).toEqual({
            subtotal: cart.subtotal,
            subtotal_incl_tax: cart.subtotal_incl_tax,
            shipping: cart.shipping,
            shipping_incl_tax: cart.shipping_incl_tax,
            grand_total: cart.grand_total,
          });
        },
      ),
    );
  });

  it('adds one standard shipping to the goods with VAT', () => {
    expect(orderTotals([{ qty: 2, price: 1000, tax_rate: 24 }])).toEqual({
      subtotal: 2000,
      subtotal_incl_tax: 2480,
      shipping: 400,
      shipping_incl_tax: 500,
      grand_total: 2980,
    });
  });
});

describe('ordersFromCart', () => {
  const base = {
    buyerId: 'b-1',
    address,
    shippingMethodCode: 'standard',
    minimumOf: (s: string) => (s === '2' ? 5000 : 1000),
  };

  it('makes one order per supplier that is not left out, with its payment method and comment', () => {
    const { orders, problems } = ordersFromCart({
      ...base,
      lines: [line('x', '1', 2, 800), line('y', '2', 10, 600), line('z', '1', 1, 100), line('w', '3', 1, 50)],
      choices: [
        { supplier_id: '1', payment_method: 2, comment: 'πρωί', excluded: false },
        { supplier_id: '2', payment_method: 3, comment: '', excluded: false },
        { supplier_id: '3', comment: '', excluded: true },
      ],
    });
    expect(problems).toEqual([]);
    expect(orders.map((o) => [o.supplier_id, o.payment_method, o.comment, o.lines.map((l) => l.line_id)])).toEqual([
      ['1', 2, 'πρωί', ['x', 'z']],
      ['2', 3, '', ['y']],
    ]);
    expect(orders[0]?.lines[0]).not.toHaveProperty('supplier_id');
  });

  it('makes no order while a supplier misses its minimum (excl. VAT) or has no payment method', () => {
    const { orders, problems } = ordersFromCart({
      ...base,
      lines: [line('x', '1', 1, 999, 24), line('y', '2', 10, 500), line('z', '4', 5, 300)],
      choices: [
        { supplier_id: '1', payment_method: 1, comment: '', excluded: false },
        { supplier_id: '2', payment_method: 1, comment: '', excluded: false },
      ],
    });
    expect(orders).toEqual([]);
    expect(problems).toEqual([
      { kind: 'minimum_not_reached', supplier_id: '1', missing: 1 },
      { kind: 'payment_method_missing', supplier_id: '4' },
    ]);
  });

  it('reaches the minimum exactly at the minimum', () => {
    const { orders } = ordersFromCart({
      ...base,
      lines: [line('x', '2', 10, 500)],
      choices: [{ supplier_id: '2', payment_method: 4, comment: '', excluded: false }],
    });
    expect(orders).toHaveLength(1);
  });
});
