import type { Customer } from '../../contracts/auth';
import { nameSortKey } from '../../domain/name-sort-key';
import type { AddressDoc } from '../schema/addresses';
import type { CartItemDoc } from '../schema/cart-items';
import type { FavoriteDoc } from '../schema/favorites';
import type { OrderDoc } from '../schema/orders';
import type { ProductDoc } from '../schema/products';
import type { SyncTaskDoc } from '../schema/sync-tasks';

/** Valid documents for tests; every field a test does not care about has a plausible value. */

const T0 = Date.UTC(2026, 0, 15, 9, 30);

export function makeProduct(overrides: Partial<ProductDoc> = {}): ProductDoc {
  const name = overrides.name ?? 'Ελαιόλαδο Κρήτης 5L';
  return {
    sku: 'OIL-5L',
    id: '1001',
    parent_sku: '',
    name,
    name_az: nameSortKey(name),
    type_id: 'simple',
    status: 1,
    visibility: 4,
    tax_class_id: 2,
    supplier_id: 'sup-1',
    supplier_name: 'Κρητικά Προϊόντα ΑΕ',
    barcode: '5201234567890',
    category_ids: ['12', '15'],
    url_key: 'elaiolado-kritis-5l',
    slug: 'elaiolado-kritis-5l',
    price: 3450,
    final_price: 3450,
    qty: 120,
    is_in_stock: true,
    manage_stock: true,
    measurement_unit: 'piece',
    configurable_children: [],
    updated_at: T0,
    ...overrides,
  };
}

export function makeCartItem(overrides: Partial<CartItemDoc> = {}): CartItemDoc {
  return {
    id: 'line-1',
    customer_id: 'cust-1',
    buyer_id: 'buyer-1',
    sku: 'OIL-5L',
    supplier_id: 'sup-1',
    qty: 2,
    price: 3450,
    tax_rate: 13,
    name: 'Ελαιόλαδο Κρήτης 5L',
    type_id: 'simple',
    updated_at: T0,
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<OrderDoc> = {}): OrderDoc {
  return {
    id: 'order-1',
    buyer_id: 'buyer-1',
    customer_id: 'cust-1',
    supplier_id: 'sup-1',
    hash: 'a'.repeat(56),
    transmited: false,
    created_at: T0,
    updated_at: T0,
    status: 'pending',
    store_code: 'el',
    total_due: 6900,
    products: [{ sku: 'OIL-5L', qty: 2 }],
    ...overrides,
  };
}

export function makeSyncTask(overrides: Partial<SyncTaskDoc> = {}): SyncTaskDoc {
  return {
    id: 'task-1',
    buyer_id: 'buyer-1',
    customer_id: 'cust-1',
    kind: 'credit_term_request',
    method: 'POST',
    path: 'client/buyers/buyer-1/credit-terms',
    body: { supplier_id: 'sup-1' },
    transmited: false,
    created_at: T0,
    updated_at: T0,
    attempts: 0,
    ...overrides,
  };
}

export function makeFavorite(overrides: Partial<FavoriteDoc> = {}): FavoriteDoc {
  const doc = { sku: 'OIL-5L', buyer_id: 'buyer-1', supplier_id: 'sup-1', favorite_since: T0, updated_at: T0, ...overrides };
  return { ...doc, key: `${doc.buyer_id}|${doc.sku}` };
}

export function makeAddress(overrides: Partial<AddressDoc> = {}): AddressDoc {
  return {
    id: 'addr-1',
    buyer_id: 'buyer-1',
    alias: 'Αποθήκη',
    firstname: 'Μαρία',
    lastname: 'Παπαδοπούλου',
    street: 'Λεωφόρος Κηφισίας',
    number: '120',
    city: 'Αθήνα',
    postcode: '11526',
    region: 'Αττική',
    country: 'GR',
    phone: '2101234567',
    is_default: true,
    created_at: T0,
    updated_at: T0,
    ...overrides,
  };
}

export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 'cust-1',
    email: 'maria@example.gr',
    firstname: 'Μαρία',
    lastname: 'Παπαδοπούλου',
    isAdmin: false,
    show_prices_with_vat: false,
    group_id: 1,
    default_shipping: null,
    buyers: [
      { id: 'buyer-1', company: 'Ταβέρνα Ο Μύλος ΟΕ', afm: '094259216', isSuperUser: true },
      { id: 'buyer-2', company: 'Καφενείο Η Πλατεία', afm: '090000045', isSuperUser: false },
    ],
    email_confirmed: true,
    join_requests: [],
    ...overrides,
  };
}
