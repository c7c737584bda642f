import type { RxJsonSchema } from 'rxdb';
import { epochMsField, idField, SKU_MAX } from './fields';

/**
 * A favourite product of a buyer (docs/decisions/022-favourites.md): the buyer's list, shared by its users and
 * replicated with the bridge. Keyed by buyer and sku, so the lists of several buyers sit side by side on a
 * device: switching buyer shows the other list and deletes nothing. Every read names its buyer.
 */
export interface FavoriteDoc {
  /** `buyer_id|sku`, made by RxDB from the two fields. */
  key: string;
  buyer_id: string;
  sku: string;
  supplier_id: string;
  /** Epoch ms; the favourites "Latest" sort uses favorite_since (docs/product-rules.md §9). */
  favorite_since: number;
  /** Epoch ms of the last change on any device; a conflict keeps the later one. */
  updated_at: number;
}

export const favoriteSchema: RxJsonSchema<FavoriteDoc> = {
  title: 'favorites',
  description: 'Favourite products per buyer',
  version: 1,
  primaryKey: { key: 'key', fields: ['buyer_id', 'sku'], separator: '|' },
  type: 'object',
  properties: {
    key: idField(SKU_MAX + 80),
    buyer_id: idField(),
    sku: idField(SKU_MAX),
    supplier_id: idField(),
    favorite_since: epochMsField,
    updated_at: epochMsField,
  },
  required: ['key', 'buyer_id', 'sku', 'supplier_id', 'favorite_since', 'updated_at'],
  // /my-account/favorites/s/{supplier} and the "Latest" sort.
  indexes: [
    ['buyer_id', 'supplier_id'],
    ['buyer_id', 'favorite_since'],
  ],
};

/** Version 0 (keyed by sku alone, never filled) becomes one buyer's list under the composite key. */
export const favoriteMigrations = {
  1: (doc: Omit<FavoriteDoc, 'key' | 'updated_at'>): FavoriteDoc => ({
    ...doc,
    key: `${doc.buyer_id}|${doc.sku}`,
    updated_at: doc.favorite_since,
  }),
};
