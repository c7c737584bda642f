import type { RxJsonSchema } from 'rxdb';
import { boolField, epochMsField, idField, textField } from './fields';

/** A delivery address of a buyer (docs/product-rules.md §3 Address). Postcode is stored as 5 digits. */
export interface AddressDoc {
  id: string;
  buyer_id: string;
  /** Friendly name. */
  alias: string;
  firstname: string;
  lastname: string;
  street: string;
  number: string;
  city: string;
  postcode: string;
  region: string;
  area?: string;
  country: string;
  phone: string;
  comment?: string;
  is_default: boolean;
  created_at: number;
  updated_at: number;
}

export const addressSchema: RxJsonSchema<AddressDoc> = {
  title: 'addresses',
  description: 'Delivery addresses of the buyer',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField(),
    buyer_id: idField(),
    alias: textField,
    firstname: textField,
    lastname: textField,
    street: textField,
    number: textField,
    city: textField,
    postcode: { type: 'string', pattern: '^[0-9]{5}$' },
    region: textField,
    area: textField,
    country: textField,
    phone: textField,
    comment: textField,
    is_default: boolField,
    created_at: epochMsField,
    updated_at: epochMsField,
  },
  required: [
    'id',
    'buyer_id',
    'alias',
    'firstname',
    'lastname',
    'street',
    'number',
    'city',
    'postcode',
    'region',
    'country',
    'phone',
    'is_default',
    'created_at',
    'updated_at',
  ],
  indexes: [['buyer_id', 'created_at']],
};
