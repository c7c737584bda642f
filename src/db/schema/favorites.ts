import type { RxJsonSchema } from 'rxdb';
import { epochMsField, idField, SKU_MAX } from './fields';

/**
 * A favourite product of the selected buyer (docs/product-rules.md §3 favourites: a list of skus). Keyed by sku as
 * docs/architecture.md §3.1 says, so the collection holds one buyer's list at a time: switching buyer replaces it.
 */
export interface FavoriteDoc {
  sku: string;
  buyer_id: string;
  supplier_id: string;
  /** Epoch ms; the favourites "Latest" sort uses favorite_since (docs/product-rules.md §9). */
  favorite_since: number;
}

export const favoriteSchema: RxJsonSchema<FavoriteDoc> = {
  title: 'favorites',
  description: 'Favourite skus of the selected buyer',
  version: 0,
  primaryKey: 'sku',
  type: 'object',
  properties: {
    sku: idField(SKU_MAX),
    buyer_id: idField(),
    supplier_id: idField(),
    favorite_since: epochMsField,
  },
  required: ['sku', 'buyer_id', 'supplier_id', 'favorite_since'],
  // /my-account/favorites/s/{supplier} and the "Latest" sort.
  indexes: [
    ['buyer_id', 'supplier_id'],
    ['buyer_id', 'favorite_since'],
  ],
};
