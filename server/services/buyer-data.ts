import type { Db, Queryable } from '../db/client';
import { ADDRESSES_MAX, type AddressWireDoc } from '../../src/contracts/address';
import type { AddressFormOutput } from '../../src/contracts/address';
import type { BillingDetails, BillingWireDoc } from '../../src/contracts/billing';
import { M } from '../../src/contracts/messages';
import { AppError } from '../http/app-error';
import { addressesOf } from './addresses';

/**
 * The buyer's data a device edits offline and sends later (docs/decisions/021-buyer-data-outbox.md). Every
 * save names when the device made it (`savedAt`); of two saves of the same thing the later one stays,
 * whichever arrives first, and a resend of a save changes nothing.
 */

/**
 * Saves a delivery address of `buyerId` under the id the device made. An id that belongs to another buyer
 * is answered as unknown (404), so nobody learns of, or changes, another company's address.
 */
export async function saveBuyerAddress(
  db: Db,
  input: { buyerId: string; customerId: string; id: string; address: AddressFormOutput; savedAt: number },
): Promise<AddressWireDoc> {
  const { buyerId, id, address: a, savedAt } = input;
  return db.transaction(async (tx) => {
    // One save at a time per buyer: the count limit and the single default hold under concurrent saves.
    await tx.query('select id from buyers where id = $1 for update', [buyerId]);
    const [owner] = await tx.query<{ buyer_id: string }>('select buyer_id from addresses where id = $1', [id]);
    if (owner && owner.buyer_id !== buyerId) throw new AppError(404, M.addressNotFound, undefined, 'NOT_FOUND');
    if (!owner) {
      const [count] = await tx.query<{ n: number }>('select count(*)::int as n from addresses where buyer_id = $1 and not deleted', [
        buyerId,
      ]);
      if ((count?.n ?? 0) >= ADDRESSES_MAX) throw new AppError(422, M.addressesTooMany, undefined, 'TOO_MANY');
    }
    const written = await tx.query<{ id: string }>(
      `insert into addresses (id, buyer_id, alias, firstname, lastname, street, street_number, city, postcode, region,
                              phone, comment, is_default, saved_at, created_by, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, now())
       on conflict (id) do update set
         alias = excluded.alias, firstname = excluded.firstname, lastname = excluded.lastname, street = excluded.street,
         street_number = excluded.street_number, city = excluded.city, postcode = excluded.postcode,
         region = excluded.region, phone = excluded.phone, comment = excluded.comment, is_default = excluded.is_default,
         saved_at = excluded.saved_at, deleted = false, updated_at = now()
       where addresses.buyer_id = excluded.buyer_id and addresses.saved_at < excluded.saved_at
       returning id`,
      [
        id,
        buyerId,
        a.alias || `${a.street} ${a.number}`,
        a.firstname,
        a.lastname,
        a.street,
        a.number,
        a.city,
        a.postcode,
        a.region ?? '',
        a.phone,
        a.comment ?? '',
        a.is_default,
        savedAt,
        input.customerId,
      ],
    );
    if (written.length > 0 && a.is_default) {
      await tx.query('update addresses set is_default = false, updated_at = now() where buyer_id = $1 and id <> $2 and is_default', [
        buyerId,
        id,
      ]);
    }
    // A buyer always has a default while it has addresses: the first one saved becomes it.
    await tx.query(
      `update addresses set is_default = true, updated_at = now()
       where id = $2 and buyer_id = $1 and not exists (select 1 from addresses where buyer_id = $1 and is_default and not deleted)`,
      [buyerId, id],
    );
    const saved = (await addressesOf(tx, buyerId)).find((row) => row.id === id);
    if (!saved) throw new Error('saved address not found');
    return saved;
  });
}

/** Whether `addressId` is a saved address of `buyerId`. */
export async function isAddressOf(q: Queryable, buyerId: string, addressId: string): Promise<boolean> {
  const rows = await q.query('select 1 from addresses where id = $1 and buyer_id = $2 and not deleted', [addressId, buyerId]);
  return rows.length > 0;
}

interface BillingRow {
  company: string;
  afm: string;
  tax_office: string;
  street: string;
  city: string;
  postcode: string;
  saved_at: string;
}

/** The buyer's billing details: as last saved, else the company's registration data. */
export async function billingOf(q: Queryable, buyerId: string): Promise<BillingWireDoc> {
  const [row] = await q.query<BillingRow>(
    `select coalesce(bb.company, b.company) as company, coalesce(bb.afm, b.afm) as afm,
            coalesce(bb.tax_office, b.tax_office) as tax_office, coalesce(bb.street, b.street) as street,
            coalesce(bb.city, b.city) as city, coalesce(bb.postcode, b.postcode) as postcode,
            coalesce(bb.saved_at, 0)::text as saved_at
     from buyers b left join buyer_billing bb on bb.buyer_id = b.id
     where b.id = $1`,
    [buyerId],
  );
  if (!row) throw new AppError(403, M.notMember, undefined, 'NOT_MEMBER');
  const { saved_at: savedAt, ...details } = row;
  return { ...details, updated_at: Number(savedAt) };
}

/**
 * Saves the buyer's billing details. The tax number on an invoice is the buyer's to choose (a branch, a
 * parent company); the company a membership names stays the one registered.
 */
export async function saveBilling(
  db: Db,
  input: { buyerId: string; customerId: string; billing: BillingDetails; savedAt: number },
): Promise<BillingWireDoc> {
  const { buyerId, billing: b, savedAt } = input;
  await db.query(
    `insert into buyer_billing (buyer_id, company, afm, tax_office, street, city, postcode, saved_at, updated_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (buyer_id) do update set
       company = excluded.company, afm = excluded.afm, tax_office = excluded.tax_office, street = excluded.street,
       city = excluded.city, postcode = excluded.postcode, saved_at = excluded.saved_at,
       updated_by = excluded.updated_by, updated_at = now()
     where buyer_billing.saved_at < excluded.saved_at`,
    [buyerId, b.company, b.afm, b.tax_office, b.street, b.city, b.postcode, savedAt, input.customerId],
  );
  return billingOf(db, buyerId);
}
