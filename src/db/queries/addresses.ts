import { map, type Observable } from 'rxjs';
import type { OrderAddress } from '../../domain/order/order';
import type { AppDatabase } from '../database';
import type { AddressDoc } from '../schema/addresses';

/** The buyer's delivery addresses, the default first, then the newest. */
export function observeAddresses(db: AppDatabase, buyerId: string): Observable<AddressDoc[]> {
  return db.addresses
    .find({ selector: { buyer_id: buyerId } })
    .$.pipe(
      map((docs) =>
        docs
          .map((d) => d.toJSON() as AddressDoc)
          .sort((a, b) => Number(b.is_default) - Number(a.is_default) || b.created_at - a.created_at),
      ),
    );
}

/** The address an order is delivered to, as the bridge receives it. */
export function deliveryAddressOf(address: AddressDoc): OrderAddress {
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    // One line when it fits the bridge's 100 characters a line, else street and number apart.
    street:
      `${address.street} ${address.number}`.length <= 100 ? [`${address.street} ${address.number}`] : [address.street, address.number],
    city: address.city,
    postcode: address.postcode,
    ...(address.region ? { region: address.region } : {}),
    country_id: 'GR',
    telephone: address.phone,
  };
}
