import type { Db, Queryable } from '../../db/client';
import type { CartLineDoc, CartSupplierDoc } from '../../../src/contracts/cart';
import { checkLineCount, checkLinesAgainstCatalog, checkSupplierChoices, sameDocument, type CartScope } from './documents';

/**
 * RxDB's push/pull protocol over the cart tables (docs/decisions/018-cart.md). A push row is written only
 * when the device's assumed state is what the bridge holds; otherwise the bridge's state comes back as a
 * conflict and the device resolves it with the shared merge rules and pushes again. A retried push whose
 * new state is already stored writes nothing and answers no conflict: a request applies once.
 */

export interface Kind<D> {
  table: 'cart_lines' | 'cart_suppliers';
  key: 'id' | 'supplier_id';
  keyOf(doc: D): string;
  columns(doc: D): Record<string, unknown>;
  check(q: Queryable, scope: CartScope, docs: readonly D[]): Promise<void>;
  after(q: Queryable, scope: CartScope): Promise<void>;
}

export const LINES: Kind<CartLineDoc> = {
  table: 'cart_lines',
  key: 'id',
  keyOf: (doc) => doc.id,
  columns: (doc) => ({ sku: doc.sku, supplier_id: doc.supplier_id, qty: doc.qty, price_cents: doc.price, tax_rate: doc.tax_rate }),
  check: (q, _scope, docs) => checkLinesAgainstCatalog(q, docs),
  after: (q, scope) => checkLineCount(q, scope),
};

export const SUPPLIERS: Kind<CartSupplierDoc> = {
  table: 'cart_suppliers',
  key: 'supplier_id',
  keyOf: (doc) => doc.supplier_id,
  columns: () => ({}),
  check: checkSupplierChoices,
  after: async () => {},
};

export interface PushRow<D> {
  newDocumentState: D;
  assumedMasterState?: D | undefined;
}

export async function pushDocuments<D extends { updated_at: number; _deleted: boolean }>(
  db: Db,
  kind: Kind<D>,
  scope: CartScope,
  rows: readonly PushRow<D>[],
): Promise<{ conflicts: D[]; written: number }> {
  return db.transaction(async (tx) => {
    await kind.check(
      tx,
      scope,
      rows.map((r) => r.newDocumentState),
    );
    const conflicts: D[] = [];
    let written = 0;
    for (const row of rows) {
      const key = kind.keyOf(row.newDocumentState);
      const [current] = await tx.query<{ doc: D }>(
        `select doc from ${kind.table} where customer_id = $1 and buyer_id = $2 and ${kind.key} = $3 for update`,
        [scope.customerId, scope.buyerId, key],
      );
      if (current) {
        if (sameDocument(current.doc, row.newDocumentState)) continue;
        if (!row.assumedMasterState || !sameDocument(current.doc, row.assumedMasterState)) {
          conflicts.push(current.doc);
          continue;
        }
      } else if (row.newDocumentState._deleted) {
        // Removing what the bridge never had: nothing to record. Storing it would let a client fill the
        // cart tables with tombstones that no limit counts.
        continue;
      }
      const doc = row.newDocumentState;
      const extra = kind.columns(doc);
      const names = Object.keys(extra);
      const params = [scope.customerId, scope.buyerId, key, JSON.stringify(doc), doc._deleted, doc.updated_at, ...Object.values(extra)];
      const extraCols = names.map((n) => `, ${n}`).join('');
      const extraVals = names.map((_, i) => `, $${i + 7}`).join('');
      const extraSet = names.map((n) => `, ${n} = excluded.${n}`).join('');
      await tx.query(
        `insert into ${kind.table} (customer_id, buyer_id, ${kind.key}, doc, deleted, updated_at${extraCols})
         values ($1, $2, $3, $4::jsonb, $5, $6${extraVals})
         on conflict (customer_id, buyer_id, ${kind.key}) do update
         set doc = excluded.doc, deleted = excluded.deleted, updated_at = excluded.updated_at,
             seq = nextval('cart_seq')${extraSet}`,
        params,
      );
      written += 1;
    }
    await kind.after(tx, scope);
    return { conflicts, written };
  });
}

export async function pullDocuments<D>(
  q: Queryable,
  kind: Kind<D>,
  scope: CartScope,
  after: number,
  limit: number,
): Promise<{ documents: D[]; checkpoint: { seq: number } }> {
  const rows = await q.query<{ doc: D; seq: string | number }>(
    `select doc, seq from ${kind.table} where customer_id = $1 and buyer_id = $2 and seq > $3 order by seq limit $4`,
    [scope.customerId, scope.buyerId, after, limit],
  );
  const last = rows.at(-1);
  return { documents: rows.map((r) => r.doc), checkpoint: { seq: last ? Number(last.seq) : after } };
}
