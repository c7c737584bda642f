import { useLingui } from '@lingui/react/macro';
import type { OrderProblem } from '../../../contracts/order';
import { useFormatMoney } from '../i18n/use-formatters';

/**
 * One sentence per problem the bridge named about an order or a cart (docs/product-rules.md §8), with the
 * product's name where it is about a line.
 */
export function useProblemText(lines: readonly { lineId: string; sku: string; name: string }[]): (problem: OrderProblem) => string {
  const { t } = useLingui();
  const money = useFormatMoney();
  const nameOf = (lineId: string, sku: string) =>
    lines.find((l) => l.lineId === lineId)?.name ?? lines.find((l) => l.sku === sku)?.name ?? sku;
  return (problem) => {
    switch (problem.kind) {
      case 'price_changed': {
        const name = nameOf(problem.line_id, problem.sku);
        return t`${name}: the price is now ${money(problem.new_price)} (it was ${money(problem.old_price)})`;
      }
      case 'out_of_stock': {
        const name = nameOf(problem.line_id, problem.sku);
        const available = problem.available;
        return available > 0 ? t`${name}: only ${available} left in stock` : t`${name}: out of stock`;
      }
      case 'product_unavailable': {
        const name = nameOf(problem.line_id, problem.sku);
        return t`${name} is no longer sold`;
      }
      case 'supplier_unavailable':
        return t`The supplier does not take orders at the moment.`;
      case 'minimum_not_reached': {
        const missing = money(problem.missing);
        return t`The supplier's minimum order is not reached: ${missing} more (excl. VAT) is needed.`;
      }
      case 'payment_not_allowed':
        return t`The supplier does not take the payment method chosen.`;
      case 'shipping_method_unknown':
        return t`The delivery address cannot be served.`;
    }
  };
}
