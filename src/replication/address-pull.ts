import { z } from 'zod';
import { addressDocSchema, type AddressWireDoc } from '../contracts/address';
import type { AppDatabase } from '../db/database';
import type { AddressDoc } from '../db/schema/addresses';
import type { BridgeClient } from './bridge-client';

/**
 * The buyer's saved delivery addresses from the bridge into the device's `addresses` (docs/decisions/020-orders.md),
 * so the checkout offers them offline too. An address added or edited on this device stays as it is here (it is
 * not sent to the bridge yet); when one of them is the default, the bridge's default gives way on this device.
 */
export async function pullAddresses(db: AppDatabase, client: BridgeClient, buyerId: string, now: number): Promise<number> {
  const { result } = await client.request({
    path: `/api/bridge/buyer/addresses?buyer_id=${encodeURIComponent(buyerId)}`,
    result: z.array(addressDocSchema),
  });
  const local = await db.addresses.find({ selector: { buyer_id: buyerId } }).exec();
  const fromBridge = new Set(result.map((a) => a.id));
  const localDefault = local.some((a) => !fromBridge.has(a.id) && a.is_default);
  const existing = new Map(local.map((a) => [a.id, a]));
  // An address edited on this device after the bridge's version keeps the edit.
  const docs = result
    .filter((a) => /^\d{5}$/.test(a.postcode) && (existing.get(a.id)?.updated_at ?? 0) <= a.updated_at)
    .map((a): AddressDoc => toLocalAddress(a, buyerId, existing.get(a.id)?.created_at ?? now, localDefault));
  if (docs.length > 0) await db.addresses.bulkUpsert(docs);
  return docs.length;
}

function toLocalAddress(a: AddressWireDoc, buyerId: string, createdAt: number, localDefault: boolean): AddressDoc {
  return {
    id: a.id,
    buyer_id: buyerId,
    alias: a.alias,
    firstname: a.firstname,
    lastname: a.lastname,
    street: a.street,
    number: a.number,
    city: a.city,
    postcode: a.postcode,
    region: a.region,
    country: 'GR',
    phone: a.phone,
    ...(a.comment ? { comment: a.comment } : {}),
    is_default: a.is_default && !localDefault,
    created_at: createdAt,
    updated_at: a.updated_at,
  };
}
