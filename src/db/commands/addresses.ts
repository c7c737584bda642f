import type { AddressFormOutput } from '../../contracts/address';
import type { AppDatabase } from '../database';
import type { AddressDoc } from '../schema/addresses';

/**
 * Saves a delivery address of the buyer on the device (works offline); a new one, or the one named by `id`.
 * One address is the default: making one the default unsets the others, and the first address is the default.
 */
export async function saveAddress(
  db: AppDatabase,
  buyerId: string,
  input: AddressFormOutput,
  now: number,
  id: string = crypto.randomUUID(),
): Promise<AddressDoc> {
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
  return doc;
}
