import type { AdminProductPatch } from '../../../src/contracts/sync';
import type { Db } from '../../db/client';
import { asRecord, num, type Json } from './doc-fields';
import { pricing } from './product-documents';

export type PatchedProduct = { sku: string; price: number; qty: number; is_in_stock: boolean; updated_at: number };

const euros = (cents: number): number => cents / 100;

/** Every stored price field that follows from the price, with its tax variants (the seed's shape). */
function repriced(data: Json, priceCents: number, nowMs: number): Json {
  const rate = num(data, 'tax_rate') ?? 0;
  const incl = (cents: number): number => Math.round((cents * (100 + rate)) / 100);
  const finalCents = pricing(priceCents, data, nowMs).final_price;
  const triple = (prefix: string, cents: number): Json => ({
    [prefix]: euros(cents),
    [`${prefix}_incl_tax`]: euros(incl(cents)),
    [`${prefix}_tax`]: euros(incl(cents) - cents),
  });
  return {
    ...triple('price', priceCents),
    ...triple('original_price', priceCents),
    ...triple('final_price', finalCents),
    ...triple('original_final_price', finalCents),
  };
}

function restocked(data: Json, patch: AdminProductPatch): Json {
  const stock = { ...asRecord(data.stock) };
  const out: Json = {};
  if (patch.qty !== undefined) {
    stock.qty = patch.qty;
    out.qty = patch.qty;
  }
  if (patch.is_in_stock !== undefined) {
    stock.is_in_stock = patch.is_in_stock;
    out.is_in_stock = patch.is_in_stock;
  }
  return { ...out, stock };
}

/**
 * Changes a product's price and/or stock in the columns and in the stored document alike, in one
 * transaction, so the change feed re-sends it (and its configurable parent) and live clients hear of it.
 * Returns null when no product has that sku.
 */
export async function patchProduct(db: Db, sku: string, patch: AdminProductPatch, now: Date): Promise<PatchedProduct | null> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ price_cents: number; data: unknown }>(
      'select price_cents, data from products where sku = $1 for update',
      [sku],
    );
    const row = rows[0];
    if (!row) return null;
    const data = asRecord(row.data);
    const priceCents = patch.price ?? row.price_cents;
    const next: Json = {
      ...data,
      ...(patch.price !== undefined ? repriced(data, priceCents, now.getTime()) : {}),
      ...(patch.qty !== undefined || patch.is_in_stock !== undefined ? restocked(data, patch) : {}),
      updated_at: now.toISOString(),
    };
    await tx.query('update products set price_cents = $2, data = $3::jsonb, updated_at = $4 where sku = $1', [
      sku,
      priceCents,
      JSON.stringify(next),
      now,
    ]);
    const stock = asRecord(next.stock);
    return {
      sku,
      price: priceCents,
      qty: num(stock, 'qty') ?? num(next, 'qty') ?? 0,
      is_in_stock: stock.is_in_stock === true,
      updated_at: now.getTime(),
    };
  });
}

export async function isAdmin(db: Db, customerId: string): Promise<boolean> {
  const rows = await db.query<{ is_admin: boolean }>('select is_admin from customers where id = $1', [customerId]);
  return rows[0]?.is_admin === true;
}
