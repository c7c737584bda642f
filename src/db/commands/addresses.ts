import type { AddressFormOutput, AddressSaveBody } from '../../contracts/address';
import type { BillingDetails } from '../../contracts/billing';
import { billingKey } from '../account-keys';
import type { AppDatabase } from '../database';
import type { CartScope } from '../queries/cart-view';
import type { AddressDoc } from '../schema/addresses';
import { queueSyncTask } from './sync-tasks';

/**
 * Saves a delivery address of the buyer on the device (works offline); a new one, or the one named by `id`.
 * One address is the default: making one the default unsets the others, and the first address is the default.
 * The save is queued for the bridge (the outbox sends it when it can), under the same id.
 */
export async function saveAddress(
  db: AppDatabase,
  scope: CartScope,
  input: AddressFormOutput,
  now: number,
  id: string = crypto.randomUUID(),
): Promise<AddressDoc> {
  const buyerId = scope.buyerId;
  const others = await db.addresses.find({ selector: { buyer_id: buyerId } }).exec();
  const existing = others.find((a) => a.id === id);
  const isDefault = input.is_default || others.filter((a) => a.id !== id).length === 0;
  const doc: AddressDoc = {
    id,
    buyer_id: buyerId,
    alias: input.alias || `${input.street} ${input.number}`,
    firstname: input.firstname,
    lastname: input.lastname,
    street: input.street,
    number: input.number,
    city: input.city,
    postcode: input.postcode,
    region: input.region ?? '',
    country: 'GR',
    phone: input.phone,
    ...(input.comment ? { comment: input.comment } : {}),
    is_default: isDefault,
    created_at: existing?.created_at ?? now,
    updated_at: now,
  };
  if (isDefault) {
    for (const other of others)
      if (other.id !== id && other.is_default) await other.incrementalPatch({ is_default: false, updated_at: now });
  }
  await db.addresses.upsert(doc);
  const body: AddressSaveBody = { address: { ...input, alias: doc.alias, is_default: isDefault }, updated_at: now };
  await queueSyncTask(
    db,
    { ...taskScope(scope), kind: 'address_save', method: 'PUT', path: `bridge/buyer/addresses/${encodeURIComponent(id)}`, body },
    now,
  );
  return doc;
}

function taskScope(scope: CartScope): { customerId: string; buyerId: string } {
  return { customerId: scope.customerId, buyerId: scope.buyerId };
}

/** Saves the buyer's billing details on the device (works offline) and queues the save for the bridge. */
export async function saveBilling(db: AppDatabase, scope: CartScope, billing: BillingDetails, now: number): Promise<void> {
  await db.account.upsert({
    key: billingKey(scope.buyerId),
    kind: 'billing',
    customer_id: scope.customerId,
    buyer_id: scope.buyerId,
    data: { billing: { ...billing }, updated_at: now },
    updated_at: now,
  });
  await queueSyncTask(
    db,
    {
      ...taskScope(scope),
      kind: 'billing_save',
      method: 'PUT',
      path: 'bridge/buyer/billing',
      body: { billing: { ...billing }, updated_at: now },
    },
    now,
  );
}
