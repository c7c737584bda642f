import type { RxJsonSchema } from 'rxdb';
import { epochMsField, idField, openObjectField, textField, type OpenObject } from './fields';

export const CATALOG_META_TYPES = ['attribute', 'tax_rule', 'cms_page', 'cms_block', 'cms_hierarchy', 'store_config'] as const;
export type CatalogMetaType = (typeof CATALOG_META_TYPES)[number];

/**
 * Small catalogue documents that share one collection to stay within RxDB's 13-collection limit:
 * attributes, tax rules, CMS pages/blocks/hierarchy and the store configuration (docs/product-rules.md §3 Other).
 */
export interface CatalogMetaDoc {
  /** catalogMetaKey(type, id) */
  key: string;
  type: CatalogMetaType;
  id: string;
  data: OpenObject;
  updated_at: number;
}

export function catalogMetaKey(type: CatalogMetaType, id: string): string {
  return `${type}:${id}`;
}

export const catalogMetaSchema: RxJsonSchema<CatalogMetaDoc> = {
  title: 'catalog_meta',
  description: 'Attributes, tax rules, CMS pages and blocks, store configuration',
  version: 0,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key: idField(200),
    type: { type: 'string', enum: [...CATALOG_META_TYPES], maxLength: 32 },
    id: textField,
    data: openObjectField,
    updated_at: epochMsField,
  },
  required: ['key', 'type', 'id', 'data', 'updated_at'],
  indexes: ['type'],
};
