import type { Queryable } from '../db/client';
import { ADDRESSES_MAX, type AddressWireDoc } from '../../src/contracts/address';

/**
 * The buyer's saved delivery addresses, the default first, then the most recently changed. `updated_at` is
 * when the device saved it (an address from before devices saved them: when the bridge last changed it).
 */
export async function addressesOf(q: Queryable, buyerId: string): Promise<AddressWireDoc[]> {
  const rows = await q.query<Omit<AddressWireDoc, 'updated_at' | 'number'> & { street_number: string; updated_ms: string }>(
    `select id, alias, firstname, lastname, street, street_number, city, postcode, region, phone, comment, is_default,
            case when saved_at > 0 then saved_at
                 else (extract(epoch from updated_at) * 1000)::bigint end::text as updated_ms
     from addresses where buyer_id = $1 and not deleted
     order by is_default desc, updated_at desc, id
     limit ${ADDRESSES_MAX}`,
    [buyerId],
  );
  return rows.map(({ street_number: number, updated_ms: updatedMs, ...row }) => ({ ...row, number, updated_at: Number(updatedMs) }));
}
