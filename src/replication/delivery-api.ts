import {
  availabilityResultSchema,
  switchAddressResultSchema,
  type AvailabilityResult,
  type SwitchAddressResult,
} from '../contracts/availability';
import type { BridgeClient } from './bridge-client';

/** docs/product-rules.md §7: the bridge's word on what can be delivered where, when the delivery address changes. */

/** One of the buyer's orders checked against today's catalogue and, if named, another of the buyer's addresses. */
export async function checkOrderAvailability(
  client: BridgeClient,
  buyerId: string,
  orderId: string,
  addressId?: string,
): Promise<AvailabilityResult> {
  const query = new URLSearchParams({ order_id: orderId, ...(addressId ? { new_address_id: addressId } : {}) });
  const { result } = await client.request({
    path: `/api/client/buyers/${encodeURIComponent(buyerId)}/order/check-product-availability?${query.toString()}`,
    result: availabilityResultSchema,
  });
  return result;
}

/** The cart goes to another of the buyer's saved addresses; the answer says what cannot be delivered there. */
export async function switchCartAddress(
  client: BridgeClient,
  buyerId: string,
  newAddressId: string,
  currentAddressId?: string,
): Promise<SwitchAddressResult> {
  const query = new URLSearchParams({
    new_address_id: newAddressId,
    ...(currentAddressId ? { current_address_id: currentAddressId } : {}),
  });
  const { result } = await client.request({
    path: `/api/client/buyers/${encodeURIComponent(buyerId)}/cart/switch-address?${query.toString()}`,
    result: switchAddressResultSchema,
  });
  return result;
}
