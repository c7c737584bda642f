import type { Db, Queryable } from '../../db/client';
import type { ShippingAddress } from '../../../src/contracts/cart';
import { shippingAddressSchema } from '../../../src/contracts/cart';
import type { AvailabilityResult, LineAvailability, SwitchAddressResult } from '../../../src/contracts/availability';
import { M } from '../../../src/contracts/messages';
import type { OrderProblem } from '../../../src/contracts/order';
import { AppError } from '../../http/app-error';
import { STANDARD_SHIPPING, setShippingInformation, wholeCart } from '../cart/cart';
import type { CartScope } from '../cart/documents';
import { checkAvailability, type Availability, type AvailabilityLine } from './availability';

/**
 * The calls of docs/product-rules.md §7 for a changed delivery address: checking an order's products against
 * today's catalogue and that address, and moving the cart to another of the buyer's addresses. Every address
 * named must be one of the buyer's own (404 otherwise, as if unknown).
 */

interface AddressRow {
  firstname: string;
  lastname: string;
  street: string;
  street_number: string;
  city: string;
  postcode: string;
  region: string;
  phone: string;
}

/** A saved address of the buyer as a delivery address; 404 when it is not the buyer's, 422 when it no longer passes the rules. */
export async function buyerDeliveryAddress(q: Queryable, buyerId: string, addressId: string): Promise<ShippingAddress> {
  const [row] = await q.query<AddressRow>(
    `select firstname, lastname, street, street_number, city, postcode, region, phone
     from addresses where id = $1 and buyer_id = $2 and not deleted`,
    [addressId, buyerId],
  );
  if (!row) throw new AppError(404, M.addressNotFound, undefined, 'ADDRESS_NOT_FOUND');
  const line = `${row.street} ${row.street_number}`;
  const parsed = shippingAddressSchema.safeParse({
    firstname: row.firstname,
    lastname: row.lastname,
    street: line.length <= 100 ? [line] : [row.street, row.street_number],
    city: row.city,
    postcode: row.postcode,
    ...(row.region ? { region: row.region } : {}),
    country_id: 'GR',
    telephone: row.phone,
  });
  if (!parsed.success) throw new AppError(422, M.addressInvalid, undefined, 'ADDRESS_INVALID');
  return parsed.data;
}

function problemsOf(a: Availability): OrderProblem[] {
  return [...a.suppliers, ...a.unavailable, ...a.stock, ...a.address];
}

/** Each line as the availability reads it: as ordered, up to the stock left, or not at all. */
function linesOf(lines: readonly AvailabilityLine[], a: Availability): LineAvailability[] {
  const closed = new Set(a.suppliers.map((p) => (p.kind === 'supplier_unavailable' ? p.supplier_id : '')));
  const gone = new Set(a.unavailable.map((p) => (p.kind === 'product_unavailable' ? p.line_id : '')));
  const short = new Map(a.stock.flatMap((p) => (p.kind === 'out_of_stock' ? [[p.line_id, p] as const] : [])));
  return lines.map((line) => {
    const base = { line_id: line.line_id, sku: line.sku, qty: line.qty };
    if (closed.has(line.supplier_id) || gone.has(line.line_id)) return { ...base, available: 'no', max_qty: 0 };
    const problem = short.get(line.line_id);
    if (!problem) return { ...base, available: 'yes', max_qty: null };
    // A bundle is short of one of its products: how many boxes that allows is the device's to work out.
    const max = problem.sku === line.sku ? problem.available : 0;
    return { ...base, available: max > 0 ? 'partly' : 'no', max_qty: max };
  });
}

interface StoredOrderRow {
  customer_id: string;
  supplier_id: number;
  content: { lines: AvailabilityLine[]; address: ShippingAddress };
}

/**
 * GET order/check-product-availability: one of the buyer's orders (its device-made id) checked line by line
 * against today's catalogue and, when one is named, another of the buyer's addresses. A user who is not a
 * super user checks only the orders they placed, as they see only those.
 */
export async function orderAvailability(
  q: Queryable,
  scope: CartScope & { isSuperUser: boolean },
  orderId: string,
  addressId: string | undefined,
): Promise<AvailabilityResult> {
  const [order] = await q.query<StoredOrderRow>(
    'select customer_id, supplier_id, content from orders where buyer_id = $1 and order_id = $2',
    [scope.buyerId, orderId],
  );
  if (!order || (!scope.isSuperUser && order.customer_id !== scope.customerId))
    throw new AppError(404, M.notFound, undefined, 'ORDER_NOT_FOUND');
  const address = addressId ? await buyerDeliveryAddress(q, scope.buyerId, addressId) : order.content.address;
  const lines = order.content.lines.map((l) => ({ ...l, supplier_id: String(order.supplier_id) }));
  const availability = await checkAvailability(q, lines, address);
  return {
    order_id: orderId,
    address_id: addressId ?? null,
    deliverable: availability.address.length === 0,
    lines: linesOf(lines, availability),
    problems: problemsOf(availability),
  };
}

/**
 * GET/POST cart/switch-address: the cart goes to another of the buyer's addresses from now on (its shipping
 * information on the bridge), and the answer says what of the cart (or of `lineIds`) cannot be delivered there.
 */
export async function switchCartAddress(
  db: Db,
  scope: CartScope,
  input: { currentAddressId?: string | undefined; newAddressId: string; lineIds?: readonly string[] | undefined },
  nowMs: number,
): Promise<SwitchAddressResult> {
  if (input.currentAddressId) await buyerDeliveryAddress(db, scope.buyerId, input.currentAddressId);
  const address = await buyerDeliveryAddress(db, scope.buyerId, input.newAddressId);
  const { totals, payment_methods: paymentMethods } = await setShippingInformation(
    db,
    scope,
    { address, methodCode: STANDARD_SHIPPING.method_code, carrierCode: STANDARD_SHIPPING.carrier_code },
    nowMs,
  );
  const wanted = input.lineIds ? new Set(input.lineIds) : null;
  const lines = (await wholeCart(db, scope)).lines
    .filter((l) => !wanted || wanted.has(l.id))
    .map((l) => ({ line_id: l.id, sku: l.sku, qty: l.qty, type_id: l.type_id, options: l.options, supplier_id: l.supplier_id }));
  const availability = await checkAvailability(db, lines, address);
  return { address_id: input.newAddressId, totals, payment_methods: paymentMethods, problems: problemsOf(availability) };
}
