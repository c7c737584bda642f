import type { Queryable } from '../db/client';

/** Tables the seed writes; the name is never taken from input, so it is safe to splice into SQL. */
export type SeedTable =
  | 'suppliers'
  | 'categories'
  | 'products'
  | 'attributes'
  | 'tax_rules'
  | 'cms_pages'
  | 'cms_blocks'
  | 'store_config'
  | 'customers'
  | 'buyers'
  | 'buyer_users'
  | 'addresses'
  | 'company_registry'
  | 'coupons'
  | 'credit_terms';

const MAX_BATCH_ROWS = 2_000;
const MAX_BATCH_CHARS = 4_000_000;

/**
 * Inserts many rows with one statement per batch: the batch travels as a single JSON parameter and
 * jsonb_populate_recordset turns it into typed rows, which avoids the 65,535-parameter limit of
 * multi-row VALUES and is the same SQL on PGlite and PostgreSQL.
 */
export async function insertRows(tx: Queryable, table: SeedTable, rows: readonly object[]): Promise<number> {
  const first = rows[0];
  if (!first) return 0;
  const columns = Object.keys(first)
    .map((c) => `"${c}"`)
    .join(', ');
  const sql = `insert into ${table} (${columns}) select ${columns} from jsonb_populate_recordset(null::${table}, $1::jsonb)`;
  let batch: string[] = [];
  let chars = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    await tx.query(sql, [`[${batch.join(',')}]`]);
    batch = [];
    chars = 0;
  };
  for (const row of rows) {
    const json = JSON.stringify(row);
    batch.push(json);
    chars += json.length;
    if (batch.length >= MAX_BATCH_ROWS || chars >= MAX_BATCH_CHARS) await flush();
  }
  await flush();
  return rows.length;
}
