import type { Db, Queryable } from '../db/client';
import { sameDocument } from '../../src/domain/cart/canonical';

/**
 * RxDB's push/pull protocol over a table of documents (docs/decisions/018-cart.md, 022-favourites.md). A push
 * row is written only when the device's assumed state is what the bridge holds; otherwise the bridge's state
 * comes back as a conflict and the device resolves it and pushes again. A retried push whose new state is
 * already stored writes nothing and answers no conflict: a request applies once. Every write takes the next
 * value of the kind's sequence, which is the pull checkpoint.
 *
 * A kind's documents belong to one customer at one buyer (the cart), or to the buyer, shared by all its users
 * (favourites). Table, column and sequence names come from the kinds below, never from a request.
 */

/** Whose documents: the token's customer and a buyer they belong to (checked by requireBuyer). */
export interface DocumentScope {
  customerId: string;
  buyerId: string;
}

export interface Kind<D, S extends DocumentScope = DocumentScope> {
  table: 'cart_lines' | 'cart_suppliers' | 'favorites';
  sequence: 'cart_seq' | 'favorites_seq';
  /** `customer`: one customer's documents at the buyer; `buyer`: the buyer's, shared by its users. */
  owner: 'customer' | 'buyer';
  key: 'id' | 'supplier_id' | 'sku';
  keyOf(doc: D): string;
  columns(doc: D): Record<string, unknown>;
  check(q: Queryable, scope: S, docs: readonly D[]): Promise<void>;
  after(q: Queryable, scope: S): Promise<void>;
}

export interface PushRow<D> {
  newDocumentState: D;
  assumedMasterState?: D | undefined;
}

/** The `where` over the owner columns, with its parameters first. */
function owned(kind: Kind<never, never>, scope: DocumentScope): { columns: string[]; values: string[] } {
  return kind.owner === 'customer'
    ? { columns: ['customer_id', 'buyer_id'], values: [scope.customerId, scope.buyerId] }
    : { columns: ['buyer_id'], values: [scope.buyerId] };
}

export async function pushDocuments<D extends { updated_at: number; _deleted: boolean }, S extends DocumentScope>(
  db: Db,
  kind: Kind<D, S>,
  scope: S,
  rows: readonly PushRow<D>[],
): Promise<{ conflicts: D[]; written: number }> {
  const owner = owned(kind as never, scope);
  const n = owner.columns.length;
  const ownerWhere = owner.columns.map((c, i) => `${c} = $${i + 1}`).join(' and ');
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
        `select doc from ${kind.table} where ${ownerWhere} and ${kind.key} = $${n + 1} for update`,
        [...owner.values, key],
      );
      if (current) {
        if (sameDocument(current.doc, row.newDocumentState)) continue;
        if (!row.assumedMasterState || !sameDocument(current.doc, row.assumedMasterState)) {
          conflicts.push(current.doc);
          continue;
        }
      } else if (row.newDocumentState._deleted) {
        // Removing what the bridge never had: nothing to record. Storing it would let a client fill the
        // tables with tombstones that no limit counts.
        continue;
      }
      const doc = row.newDocumentState;
      const extra = kind.columns(doc);
      const names = Object.keys(extra);
      const base = [...owner.columns, kind.key, 'doc', 'deleted', 'updated_at'];
      const params = [...owner.values, key, JSON.stringify(doc), doc._deleted, doc.updated_at, ...Object.values(extra)];
      const columns = [...base, ...names];
      const values = columns.map((column, i) => (column === 'doc' ? `$${i + 1}::jsonb` : `$${i + 1}`));
      const set = ['doc', 'deleted', 'updated_at', ...names].map((c) => `${c} = excluded.${c}`).join(', ');
      await tx.query(
        `insert into ${kind.table} (${columns.join(', ')}) values (${values.join(', ')})
         on conflict (${[...owner.columns, kind.key].join(', ')}) do update
         set ${set}, seq = nextval('${kind.sequence}')`,
        params,
      );
      written += 1;
    }
    await kind.after(tx, scope);
    return { conflicts, written };
  });
}

export async function pullDocuments<D, S extends DocumentScope>(
  q: Queryable,
  kind: Kind<D, S>,
  scope: S,
  after: number,
  limit: number,
): Promise<{ documents: D[]; checkpoint: { seq: number } }> {
  const owner = owned(kind as never, scope);
  const n = owner.columns.length;
  const rows = await q.query<{ doc: D; seq: string | number }>(
    `select doc, seq from ${kind.table} where ${owner.columns.map((c, i) => `${c} = $${i + 1}`).join(' and ')}
     and seq > $${n + 1} order by seq limit $${n + 2}`,
    [...owner.values, after, limit],
  );
  const last = rows.at(-1);
  return { documents: rows.map((r) => r.doc), checkpoint: { seq: last ? Number(last.seq) : after } };
}
