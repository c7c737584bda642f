import { map, type Observable } from 'rxjs';
import { z } from 'zod';
import { billingDocSchema, billingFormSchema, type BillingDetails, type BillingWireDoc } from '../../contracts/billing';
import { billingKey } from '../account-keys';
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

const storedBillingSchema = z.object({ billing: billingDocSchema.omit({ updated_at: true }), updated_at: z.number() });

/** The buyer's billing details on the device: as stored, and whether they pass the form's rules. */
export interface BillingView {
  details: Omit<BillingWireDoc, 'updated_at'>;
  /** The details as an order carries them, when every rule holds; null when something must be filled in. */
  valid: BillingDetails | null;
}

/** The buyer's billing details; null until the bridge has sent them or someone saved them on this device. */
export function observeBilling(db: AppDatabase, buyerId: string): Observable<BillingView | null> {
  return db.account.findOne(billingKey(buyerId)).$.pipe(
    map((doc) => {
      const parsed = storedBillingSchema.safeParse(doc?.data);
      if (!parsed.success) return null;
      const valid = billingFormSchema.safeParse(parsed.data.billing);
      return { details: parsed.data.billing, valid: valid.success ? valid.data : null };
    }),
  );
}
