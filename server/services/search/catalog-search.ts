import { DEFAULT_TERMS_BUCKETS, type SearchEntity, type SearchRequest, type SearchResult } from '../../../src/contracts/search';
import type { Db } from '../../db/client';
import { searchEntity } from './entity-search';
import { ENTITIES, PRODUCT_FIELDS } from './entities';
import { normalizeSearch, type NormalizedSearch } from './normalize';
import { searchProducts } from './product-search';
import { emptyResult } from './run-query';
import { aggregationColumns, filterClauses, sortClause, SqlParams } from './sql-builder';
import { searchTransaction, type SearchTransactionOptions } from './time-limit';

export type CatalogSearchOutcome = { result: SearchResult; tooShort: boolean };

const checked = new WeakSet<Db>();

/**
 * PGlite runs no autovacuum, so a freshly seeded database has no planner statistics and PostgreSQL then
 * guesses every table is tiny and filters all products instead of using the search indexes. Analyse the
 * search tables once per process when they were never analysed; on PostgreSQL autovacuum has done it.
 */
async function ensureStatistics(db: Db): Promise<void> {
  if (checked.has(db)) return;
  checked.add(db);
  const rows = await db.query<{ missing: boolean }>(
    `select exists (select 1 from pg_class where oid in ('products'::regclass, 'categories'::regclass, 'search_words'::regclass) and reltuples < 0) as missing`,
  );
  if (rows[0]?.missing) await db.exec('analyze products; analyze categories; analyze search_words');
}

/**
 * Builds the field-dependent SQL once without running it, so that an unknown field, a value its column
 * cannot hold or a terms aggregation on a non-facet field is a 400 before the search takes a turn in the
 * database (a transaction on PostgreSQL, the single connection on PGlite).
 */
function checkFields(entity: SearchEntity, n: NormalizedSearch): void {
  const fields = entity === 'product' ? PRODUCT_FIELDS : ENTITIES[entity].fields;
  const params = new SqlParams();
  filterClauses(fields, n.request.query?.filters, params);
  sortClause(fields, n.request.sort, { _score: 't.score' });
  aggregationColumns(fields, n.request.aggregations, params, DEFAULT_TERMS_BUCKETS);
}

/**
 * Runs one docs/product-rules.md §7 search: the caller cuts the request's wait at the docs/product-rules.md §9 limit
 * (`withinSearchTimeLimit`). On PostgreSQL a statement is cancelled at `deadline`; on PGlite a search
 * still queued then is dropped, and one already running ends (its answer can still be cached).
 */
export async function catalogSearch(
  db: Db,
  entity: SearchEntity,
  request: SearchRequest,
  options: SearchTransactionOptions = {},
): Promise<CatalogSearchOutcome> {
  const n = normalizeSearch(request);
  if (n.tooShort) return { result: emptyResult(n), tooShort: true };
  checkFields(entity, n);
  await ensureStatistics(db);
  const result = await searchTransaction(db, (q) => (entity === 'product' ? searchProducts(q, n) : searchEntity(q, entity, n)), options);
  return { result, tooShort: false };
}
