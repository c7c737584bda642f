import type { RxJsonSchema } from 'rxdb';
import { boolField, epochMsField, idField, intField, keyField, ID_MAX, SLUG_MAX, stringListField, textField, URL_PATH_MAX } from './fields';

/** A catalogue category (docs/product-rules.md §3 Category). The tree is rebuilt from parent_id + position. */
export interface CategoryDoc {
  id: string;
  /** '' for a root category. */
  parent_id: string;
  parent_ids: string[];
  /** Greek name; name_en for the en-US catalogue. */
  name: string;
  name_en?: string;
  /** url_key when configured, else the slugified name plus the id (domain/slug categorySlug). */
  slug: string;
  url_key?: string;
  url_path: string;
  /** Materialised path of ids, e.g. "1/2/15". */
  path: string;
  level: number;
  position: number;
  is_active: boolean;
  product_count: number;
  children_count: number;
  image?: string;
  updated_at: number;
}

const COUNT_MAX = 10_000_000;

export const categorySchema: RxJsonSchema<CategoryDoc> = {
  title: 'categories',
  description: 'Catalogue categories, pulled from the bridge change feed',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField(),
    parent_id: keyField(ID_MAX),
    parent_ids: stringListField,
    name: textField,
    name_en: textField,
    slug: keyField(SLUG_MAX),
    url_key: textField,
    url_path: keyField(URL_PATH_MAX),
    path: textField,
    level: intField(0, 100),
    position: intField(0, COUNT_MAX),
    is_active: boolField,
    product_count: intField(0, COUNT_MAX),
    children_count: intField(0, COUNT_MAX),
    image: textField,
    updated_at: epochMsField,
  },
  required: [
    'id',
    'parent_id',
    'parent_ids',
    'name',
    'slug',
    'url_path',
    'path',
    'level',
    'position',
    'is_active',
    'product_count',
    'children_count',
    'updated_at',
  ],
  // Menus read children of a parent in position order (docs/product-rules.md §9); routes resolve /c/{slug} and url_path.
  indexes: [['parent_id', 'position'], 'slug', 'url_path'],
};
