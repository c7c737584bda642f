import type { SearchResult } from '../../../src/contracts/search';
import type { Queryable } from '../../db/client';
import { projectFields } from './fields';
import type { NormalizedSearch } from './normalize';
import type { SqlParams } from './sql-builder';

type Row = {
  total: number;
  items: { d: Record<string, unknown>; s: number | null }[] | null;
  attribute_metadata: Record<string, unknown>[] | null;
} & Record<string, unknown>;

export type SearchStatement = {
  /** `with ... matched as (...)`: every CTE, the last named `matched` with columns `data` and `score`. */
  ctes: string;
  order: string;
  aggregations: { name: string; sql: string }[];
  attributeCodes: string[];
  params: SqlParams;
  /** Products carry `_score` when a text term ranked them. */
  withScore: boolean;
  /**
   * The document of a page row `p` (default `p.data`). Products keep their documents out of `matched`:
   * carrying ~1.5 kB of document per matched row made the CTE spill to disk (23 MB for 15,000 products),
   * and every aggregation re-read it; the page's documents are read by key instead.
   */
  document?: string;
};

function bucketsOf(value: unknown): SearchResult['aggregations'][string] {
  return { buckets: Array.isArray(value) ? (value as SearchResult['aggregations'][string]['buckets']) : [] };
}

/**
 * The page is a plain ORDER BY … LIMIT (a top-N heap sort over the matched rows; a window function over
 * them sorted every matched document in full) numbered afterwards, in the order the subquery returns.
 * One round trip: total, the requested page and every aggregation come back as a single row, so a search
 * costs one statement on PGlite's single connection.
 */
export async function runSearch(q: Queryable, n: NormalizedSearch, st: SearchStatement): Promise<SearchResult> {
  const { params } = st;
  const limit = params.add(n.size);
  const offset = params.add(n.from);
  const codes = st.attributeCodes.length > 0 ? params.add(st.attributeCodes) : undefined;
  const aggColumns = st.aggregations.map((a, i) => `, ${a.sql} as agg_${i}`).join('');
  const sql = `${st.ctes}
    select (select count(*)::int from matched) as total,
      (select json_agg(json_build_object('d', ${st.document ?? 'p.data'}, 's', p.score) order by p.rn)
         from (select x.*, row_number() over () as rn
               from (select t.* from matched t order by ${st.order} limit ${limit} offset ${offset}) x) p) as items,
      ${codes ? `(select json_agg(a.data order by a.attribute_id) from attributes a where a.attribute_code = any(${codes}::text[]))` : 'null::json'} as attribute_metadata
      ${aggColumns}`;
  const [row] = await q.query<Row>(sql, params.values);
  const include = n.request.includeFields;
  const exclude = n.request.excludeFields;
  const items = (row?.items ?? []).map(({ d, s }) => {
    const doc = projectFields(d, include, exclude);
    return st.withScore && s !== null ? { ...doc, _score: Math.round(s * 10_000) / 10_000 } : doc;
  });
  const aggregations: SearchResult['aggregations'] = {};
  st.aggregations.forEach((a, i) => {
    aggregations[a.name] = bucketsOf(row?.[`agg_${i}`]);
  });
  return { items, total: row?.total ?? 0, perPage: n.size, start: n.from, aggregations, attributeMetadata: row?.attribute_metadata ?? [] };
}

export function emptyResult(n: NormalizedSearch): SearchResult {
  const aggregations: SearchResult['aggregations'] = {};
  for (const name of Object.keys(n.request.aggregations ?? {})) aggregations[name] = { buckets: [] };
  return { items: [], total: 0, perPage: n.size, start: n.from, aggregations, attributeMetadata: [] };
}
