import { bundleSelectionsOf } from '../cart/line-price';
import type { OrderContent, OrderLine } from './order';

/** What the bridge may answer about an order it cannot take (the wire contract's problems have this shape). */
export type OrderProblem =
  | { kind: 'price_changed'; line_id: string; sku: string; new_price: number; new_tax_rate: number }
  | { kind: 'out_of_stock'; line_id: string; sku: string; available: number }
  | { kind: 'product_unavailable'; line_id: string; sku: string }
  | { kind: 'supplier_unavailable' | 'minimum_not_reached' | 'payment_not_allowed' | 'shipping_method_unknown' };

/** Problems the buyer settles by accepting what the bridge says: today's price, the stock left, a product gone. */
const SETTLED_BY_ACCEPTING = new Set<OrderProblem['kind']>(['price_changed', 'out_of_stock', 'product_unavailable']);

export interface FixedOrder<P extends OrderProblem = OrderProblem> {
  content: OrderContent;
  /** Lines left out (no longer sold, or nothing left in stock). */
  removed: OrderLine[];
  /** What accepting cannot settle (the supplier, its minimum, the payment method, the address); empty when none. */
  unresolved: P[];
}

/** How many of `line` the stock of `sku` allows: the line's own product, or one a bundle puts in each box. */
function piecesAllowed(line: OrderLine, sku: string, available: number): number {
  if (sku === line.sku) return available;
  const perBox = bundleSelectionsOf(line.options).find((s) => s.sku === sku)?.qty ?? 0;
  return perBox > 0 ? Math.floor(available / perBox) : 0;
}

/**
 * A held order (docs/product-rules.md §4.10: the bridge answered 422) with the bridge's answer accepted: each
 * line at the price and VAT the bridge named, cut to the stock left, and without the products no longer sold.
 * The rest of the order is unchanged. Problems that accepting cannot settle come back in `unresolved`, and an
 * order left with no line cannot be sent at all (`unresolved` then names every line's problem).
 */
export function acceptBridgeChanges<P extends OrderProblem>(content: OrderContent, problems: readonly P[]): FixedOrder<P> {
  const settled = settleLines(content.lines, problems);
  return { ...settled, content: { ...content, lines: settled.lines } };
}

/** The lines part of acceptBridgeChanges: what accepting leaves of `lines`, and what it cannot settle. */
export function settleLines<P extends OrderProblem>(
  orderLines: readonly OrderLine[],
  problems: readonly P[],
): { lines: OrderLine[]; removed: OrderLine[]; unresolved: P[] } {
  const lines = new Map(orderLines.map((l) => [l.line_id, { ...l }]));
  const removed: OrderLine[] = [];
  const drop = (lineId: string): void => {
    const line = lines.get(lineId);
    if (!line) return;
    lines.delete(lineId);
    removed.push(line);
  };
  for (const problem of problems) {
    if (problem.kind === 'price_changed') {
      const line = lines.get(problem.line_id);
      if (line) Object.assign(line, { price: problem.new_price, tax_rate: problem.new_tax_rate });
    } else if (problem.kind === 'out_of_stock') {
      const line = lines.get(problem.line_id);
      if (!line) continue;
      const allowed = piecesAllowed(line, problem.sku, problem.available);
      if (allowed <= 0) drop(problem.line_id);
      else line.qty = Math.min(line.qty, allowed);
    } else if (problem.kind === 'product_unavailable') drop(problem.line_id);
  }
  const kept = orderLines.map((l) => lines.get(l.line_id)).filter((l): l is OrderLine => l !== undefined);
  const unresolved = kept.length === 0 ? [...problems] : problems.filter((p) => !SETTLED_BY_ACCEPTING.has(p.kind));
  return { lines: kept, removed, unresolved };
}
