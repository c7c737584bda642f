import { z } from 'zod';
import { cartPullResultSchema, cartPushBodySchema, cartPushResultSchema, docId, epochMs, seqPullQuerySchema } from './cart';

/**
 * Favourites on the wire (docs/decisions/022-favourites.md): the buyer's favourite products, shared by its
 * users, replicated as documents keyed by sku with RxDB's pull/push protocol at
 * `/api/bridge/buyer/favorites/v1/pull|push`. Every call names its buyer (`buyer_id`).
 */

/** A favourites listing shows at most this many products (docs/product-rules.md §9). */
export const FAVORITES_MAX = 2000;
export const FAVORITES_PULL_MAX = 500;

export const favoriteDocSchema = z.strictObject({
  sku: docId(),
  supplier_id: docId(),
  /** When it became a favourite (the "Latest" sort), epoch ms. */
  favorite_since: epochMs,
  updated_at: epochMs,
  _deleted: z.boolean(),
});
export type FavoriteWireDoc = z.output<typeof favoriteDocSchema>;

export const favoritesPullQuerySchema = seqPullQuerySchema(FAVORITES_PULL_MAX);
export const favoritesPullResultSchema = cartPullResultSchema(favoriteDocSchema);
export const favoritesPushBodySchema = cartPushBodySchema(favoriteDocSchema);
export const favoritesPushResultSchema = cartPushResultSchema(favoriteDocSchema);
