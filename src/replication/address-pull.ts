import { z } from 'zod';
import { addressDocSchema, type AddressWireDoc } from '../contracts/address';
import { billingDocSchema } from '../contracts/billing';
import { billingKey } from '../db/account-keys';
import type { AppDatabase } from '../db/database';
import type { CartScope } from '../db/queries/cart-view';
import type { AddressDoc } from '../db/schema/addresses';
import type { BridgeClient } from './bridge-client';

/** Paths of the buyer's saves still waiting in the outbox: what the device has and the bridge does not yet. */
async function waitingSaves(db: AppDatabase, buyerId: string): Promise<Set<string>> {
  const tasks = await db.sync_tasks.find({ selector: { buyer_id: buyerId, transmited: false } }).exec();
  return new Set(tasks.map((t) => t.path));
}

/**
 * The buyer's saved delivery addresses from the bridge into the device's `addresses`
 * (docs/decisions/021-buyer-data-outbox.md), so the checkout offers them offline too. An address whose save
 * is still waiting in the outbox stays as the device has it; so does one edited here after the bridge's
 * version. While such an address is the default, the bridge's default gives way on this device.
 */
export async function pullAddresses(db: AppDatabase, client: BridgeClient, buyerId: string, now: number): Promise<number> {
  const { result } = await client.request({
    path: `/api/bridge/buyer/addresses?buyer_id=${encodeURIComponent(buyerId)}`,
    result: z.array(addressDocSchema),
  });
  const [local, waiting] = await Promise.all([db.addresses.find({ selector: { buyer_id: buyerId } }).exec(), waitingSaves(db, buyerId)]);
  const pending = (id: string) => waiting.has(`bridge/buyer/addresses/${encodeURIComponent(id)}`);
  const existing = new Map(local.map((a) => [a.id, a]));
  const fromBridge = new Set(result.map((a) => a.id));
  const localDefault = local.some((a) => (!fromBridge.has(a.id) || pending(a.id)) && a.is_default);
  const docs = result
    .filter((a) => /^\d{5}$/.test(a.postcode) && !pending(a.id) && (existing.get(a.id)?.updated_at ?? 0) <= a.updated_at)
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

/**
 * The buyer's billing details from the bridge onto the device (the registered company data until someone
 * saves others). A save still waiting in the outbox stays as the device has it. Returns whether it changed.
 */
export async function pullBilling(db: AppDatabase, client: BridgeClient, scope: CartScope, now: number): Promise<boolean> {
  const { result } = await client.request({
    path: `/api/bridge/buyer/billing?buyer_id=${encodeURIComponent(scope.buyerId)}`,
    result: billingDocSchema,
  });
  if ((await waitingSaves(db, scope.buyerId)).has('bridge/buyer/billing')) return false;
  const { updated_at: updatedAt, ...billing } = result;
  const current = await db.account.findOne(billingKey(scope.buyerId)).exec();
  if (current && JSON.stringify(current.data) === JSON.stringify({ billing, updated_at: updatedAt })) return false;
  await db.account.upsert({
    key: billingKey(scope.buyerId),
    kind: 'billing',
    customer_id: scope.customerId,
    buyer_id: scope.buyerId,
    data: { billing, updated_at: updatedAt },
    updated_at: now,
  });
  return true;
}
