import type { RxJsonSchema } from 'rxdb';
import { epochMsField, idField, ID_MAX, keyField, openObjectField, type OpenObject } from './fields';

export const ACCOUNT_KINDS = ['customer', 'selected_buyer', 'credit_terms', 'payment_methods', 'checkout', 'settings', 'billing'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/**
 * Keyed documents about the signed-in customer and their buyers: the profile (key "customer"), the
 * selected buyer per customer ("selected_buyer:<customerId>"), credit terms and payment methods per
 * buyer, checkout choices, the buyer's billing details ("billing:<buyerId>"). `data` is parsed with the zod contract on every read.
 */
export interface AccountDoc {
  key: string;
  kind: AccountKind;
  customer_id: string;
  /** The buyer the data belongs to; '' for customer-level data (profile, selected buyer). */
  buyer_id: string;
  data: OpenObject;
  updated_at: number;
}

export const accountSchema: RxJsonSchema<AccountDoc> = {
  title: 'account',
  description: 'Profile, buyers, selected buyer, credit terms, payment methods of the signed-in customer',
  version: 1,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key: idField(200),
    kind: { type: 'string', enum: [...ACCOUNT_KINDS], maxLength: 32 },
    customer_id: keyField(ID_MAX),
    buyer_id: keyField(ID_MAX),
    data: openObjectField,
    updated_at: epochMsField,
  },
  required: ['key', 'kind', 'customer_id', 'buyer_id', 'data', 'updated_at'],
  indexes: ['buyer_id', 'customer_id'],
};

/** Version 1 added the kind "billing"; earlier documents are unchanged. */
export const accountMigrations = {
  1: (doc: AccountDoc): AccountDoc => doc,
};
