import type { PaymentMethodId, StockStatus } from '../../domain/cart/rules';
import type { Cents } from '../../domain/money';

export type { PaymentMethodId, StockStatus };

/** Whose cart: a customer's, for one of their buyers (decision 018). */
export interface CartScope {
  customerId: string;
  buyerId: string;
}

export interface CartLineView {
  id: string;
  sku: string;
  parentSku?: string;
  name: string;
  image?: string;
  qty: number;
  supplierId: string;
  unitPrice: Cents;
  unitPriceInclTax: Cents;
  rowTotal: Cents;
  rowTotalInclTax: Cents;
  /** `volatile` until a stock check answered for the sku (offline, or not yet checked). */
  stock: StockStatus;
  maxQuantity?: number;
}

export interface SupplierCartView {
  supplierId: string;
  supplierName: string;
  minimumOrder: Cents;
  missingForMinimum: Cents;
  lines: CartLineView[];
  subtotal: Cents;
  subtotalInclTax: Cents;
  paymentMethod?: PaymentMethodId;
  /** The methods the supplier accepts; credit (3) only once the bridge said the supplier approved it for this buyer. */
  paymentMethods: PaymentMethodId[];
  comment: string;
  excluded: boolean;
}

export interface PriceChangeView {
  lineId: string;
  name: string;
  image?: string;
  oldPrice: Cents;
  oldPriceInclTax: Cents;
  newPrice: Cents;
  newPriceInclTax: Cents;
  /** The VAT rate of the new price, in percent. */
  newTaxRate: number;
}

export interface CartTotalsView {
  subtotal: Cents;
  subtotal_incl_tax: Cents;
  shipping: Cents;
  payment: Cents;
  /** The coupon's discount, incl. VAT. */
  discount: Cents;
  grand_total: Cents;
  /** `bridge` when the bridge's totals for exactly this cart are known; `device` when computed here (offline, or not synced yet). */
  source: 'bridge' | 'device';
}

export interface CartView {
  customerId: string;
  buyerId: string;
  suppliers: SupplierCartView[];
  /** The microcart count: the sum of quantities (docs/product-rules.md §4.3). */
  count: number;
  lineCount: number;
  totals: CartTotalsView;
  /** The coupon kept on the cart; `applied` false when the goods in the cart do not meet its conditions. */
  coupon: { code: string; applied: boolean } | null;
  /** The cart hash (docs/product-rules.md §4): totals are asked of the bridge again when it changes. */
  hash: string;
  priceChanges: PriceChangeView[];
}

export type CartCommandResult =
  | { ok: true; notice: 'added' | 'updated' | 'volatile' | 'removed' | 'saved' }
  | {
      ok: false;
      error: 'out_of_stock' | 'price_unknown' | 'max_quantity' | 'invalid_quantity' | 'comment_too_long' | 'not_found';
      maxQuantity?: number;
    };
