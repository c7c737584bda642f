import { z } from 'zod';
import { cartTotalsSchema, paymentMethodsResultSchema, type CartTotalsResult } from '../contracts/cart';
import { totalsSyncNeeded } from '../domain/cart/hash';
import { readCartServerState, recordCartServerState } from '../db/commands/cart';
import type { AppDatabase } from '../db/database';
import { localCartHash } from '../db/queries/cart';
import type { CartScope } from '../db/queries/cart-view';
import type { BridgeClient } from './bridge-client';

/**
 * Totals, coupon and payment methods from the bridge (docs/product-rules.md §4 "Cart totals"). The device
 * computes totals itself with the same function; the bridge's answer is kept when it was computed from
 * exactly the cart the device holds (equal cart hashes), and asked again only when the hash changed.
 *
 * - `fresh`: the stored totals belong to this cart; nothing was asked.
 * - `synced`: the bridge answered for this cart and its totals are kept.
 * - `behind`: the bridge has not received the device's latest edits yet (replication will carry them);
 *   its payment methods and coupon are kept, its totals are not.
 */
export type TotalsSync = 'fresh' | 'synced' | 'behind';

async function cartDocs(db: AppDatabase, scope: CartScope) {
  const selector = { customer_id: scope.customerId, buyer_id: scope.buyerId };
  const [lines, choices] = await Promise.all([db.cart_items.find({ selector }).exec(), db.cart_suppliers.find({ selector }).exec()]);
  return { lines, choices };
}

async function keepAnswer(
  db: AppDatabase,
  scope: CartScope,
  totals: CartTotalsResult,
  methods: z.output<typeof paymentMethodsResultSchema> | undefined,
  now: number,
): Promise<Exclude<TotalsSync, 'fresh'>> {
  const { lines, choices } = await cartDocs(db, scope);
  const inStep = localCartHash(lines, choices, totals.coupon_rule?.code ?? '') === totals.hash;
  await recordCartServerState(db, scope, {
    coupon: totals.coupon_rule,
    ...(methods ? { paymentMethods: Object.fromEntries(methods.map((m) => [m.supplier_id, m.methods])) } : {}),
    ...(inStep ? { hash: totals.hash, syncedAt: now, totals } : {}),
  });
  return inStep ? 'synced' : 'behind';
}

/** `force` asks even when the hash did not change (the cart was opened): credit terms may have changed meanwhile. */
export async function syncCartTotals(
  db: AppDatabase,
  client: BridgeClient,
  scope: CartScope,
  now: number,
  options: { force?: boolean } = {},
): Promise<TotalsSync> {
  const stored = await readCartServerState(db, scope);
  const { lines, choices } = await cartDocs(db, scope);
  const current = localCartHash(lines, choices, stored.coupon?.code ?? '');
  if (!options.force && !totalsSyncNeeded(current, stored.hash, stored.syncedAt)) return 'fresh';
  const buyer = encodeURIComponent(scope.buyerId);
  const [totals, methods] = await Promise.all([
    client.request({ path: `/api/bridge/buyer/cart/totals?buyer_id=${buyer}`, result: cartTotalsSchema }),
    client.request({ path: `/api/bridge/buyer/cart/payment-methods?buyer_id=${buyer}`, result: paymentMethodsResultSchema }),
  ]);
  return keepAnswer(db, scope, totals.result, methods.result, now);
}

/**
 * Applies a coupon on the bridge (it alone knows the codes) and keeps its rule and the new totals. A refused
 * code rejects with the bridge's message (unknown, expired, not for these goods); offline, with the network one.
 */
export async function applyCartCoupon(db: AppDatabase, client: BridgeClient, scope: CartScope, code: string, now: number): Promise<void> {
  const { result } = await client.request({
    method: 'POST',
    path: '/api/bridge/buyer/cart/apply-coupon',
    body: { buyer_id: scope.buyerId, coupon: code },
    result: cartTotalsSchema,
  });
  await keepAnswer(db, scope, result, undefined, now);
}

export async function removeCartCoupon(db: AppDatabase, client: BridgeClient, scope: CartScope, now: number): Promise<void> {
  const { result } = await client.request({
    method: 'POST',
    path: '/api/bridge/buyer/cart/delete-coupon',
    body: { buyer_id: scope.buyerId },
    result: cartTotalsSchema,
  });
  await keepAnswer(db, scope, result, undefined, now);
}
