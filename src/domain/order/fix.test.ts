import { describe, expect, it } from 'vitest';
import { acceptBridgeChanges, type OrderProblem } from './fix';
import type { OrderContent, OrderLine } from './order';

const line = (id: string, over: Partial<OrderLine> = {}): OrderLine => ({
  line_id: id,
  sku: `sku-${id}`,
  name: `Product ${id}`,
  qty: 10,
  price: 1000,
  tax_rate: 24,
  type_id: 'simple',
  ...over,
});

const content = (lines: OrderLine[]): OrderContent => ({
  buyer_id: 'b-1',
  supplier_id: '7',
  lines,
  payment_method: 2,
  comment: 'πρωί',
  address: {
    firstname: 'Ελένη',
    lastname: 'Παππά',
    street: ['Ερμού 1'],
    city: 'Αθήνα',
    postcode: '10563',
    country_id: 'GR',
    telephone: '2101234567',
  },
  shipping_method_code: 'standard',
});

describe('acceptBridgeChanges', () => {
  it('takes the new price and VAT, cuts a line to the stock left, drops what is no longer sold, and keeps the rest', () => {
    const order = content([line('a'), line('b'), line('c'), line('d')]);
    const problems: OrderProblem[] = [
      { kind: 'price_changed', line_id: 'a', sku: 'sku-a', new_price: 1100, new_tax_rate: 13 },
      { kind: 'out_of_stock', line_id: 'b', sku: 'sku-b', available: 4 },
      { kind: 'product_unavailable', line_id: 'c', sku: 'sku-c' },
    ];
    const fixed = acceptBridgeChanges(order, problems);
    expect(fixed.content.lines).toEqual([line('a', { price: 1100, tax_rate: 13 }), line('b', { qty: 4 }), line('d')]);
    expect(fixed.removed.map((l) => l.line_id)).toEqual(['c']);
    expect(fixed.unresolved).toEqual([]);
    expect({ ...fixed.content, lines: [] }).toEqual({ ...order, lines: [] });
    // The order given is not changed.
    expect(order.lines[0]?.price).toBe(1000);
  });

  it('drops a line with nothing left in stock, and cuts a bundle by how many of the short product each box holds', () => {
    const bundle = line('bundle', {
      sku: 'box',
      type_id: 'bundle',
      qty: 10,
      options: { bundle_options: [{ option_id: 1, sku: 'bolt', qty: 3 }] },
    });
    const fixed = acceptBridgeChanges(content([line('gone'), bundle]), [
      { kind: 'out_of_stock', line_id: 'gone', sku: 'sku-gone', available: 0 },
      { kind: 'out_of_stock', line_id: 'bundle', sku: 'bolt', available: 7 },
    ]);
    expect(fixed.content.lines.map((l) => [l.line_id, l.qty])).toEqual([['bundle', 2]]);
    expect(fixed.removed.map((l) => l.line_id)).toEqual(['gone']);
  });

  it('leaves what accepting cannot settle to the buyer, and everything when no line is left', () => {
    const problems: OrderProblem[] = [
      { kind: 'minimum_not_reached' },
      { kind: 'payment_not_allowed' },
      { kind: 'price_changed', line_id: 'a', sku: 'sku-a', new_price: 900, new_tax_rate: 24 },
    ];
    expect(acceptBridgeChanges(content([line('a')]), problems).unresolved.map((p) => p.kind)).toEqual([
      'minimum_not_reached',
      'payment_not_allowed',
    ]);
    const empty = acceptBridgeChanges(content([line('a')]), [{ kind: 'product_unavailable', line_id: 'a', sku: 'sku-a' }]);
    expect(empty.content.lines).toEqual([]);
    expect(empty.unresolved.map((p) => p.kind)).toEqual(['product_unavailable']);
  });

  it('ignores problems about lines the order does not have', () => {
    const fixed = acceptBridgeChanges(content([line('a')]), [{ kind: 'out_of_stock', line_id: 'zzz', sku: 'x', available: 0 }]);
    expect(fixed.content.lines).toEqual([line('a')]);
    expect(fixed.removed).toEqual([]);
  });
});
