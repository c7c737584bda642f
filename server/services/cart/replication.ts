import type { CartLineDoc, CartSupplierDoc } from '../../../src/contracts/cart';
import type { Kind } from '../document-replication';
import { checkLineCount, checkLinesAgainstCatalog, checkSupplierChoices, type CartScope } from './documents';

/**
 * The cart's documents on the bridge (docs/decisions/018-cart.md): lines and per-supplier choices, one
 * customer's at one buyer, replicated by the shared push/pull protocol (server/services/document-replication.ts).
 */

export const LINES: Kind<CartLineDoc, CartScope> = {
  table: 'cart_lines',
  sequence: 'cart_seq',
  owner: 'customer',
  key: 'id',
  keyOf: (doc) => doc.id,
  columns: (doc) => ({ sku: doc.sku, supplier_id: doc.supplier_id, qty: doc.qty, price_cents: doc.price, tax_rate: doc.tax_rate }),
  check: (q, _scope, docs) => checkLinesAgainstCatalog(q, docs),
  after: (q, scope) => checkLineCount(q, scope),
};

export const SUPPLIERS: Kind<CartSupplierDoc, CartScope> = {
  table: 'cart_suppliers',
  sequence: 'cart_seq',
  owner: 'customer',
  key: 'supplier_id',
  keyOf: (doc) => doc.supplier_id,
  columns: () => ({}),
  check: checkSupplierChoices,
  after: async () => {},
};
